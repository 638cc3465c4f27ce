import type { AuthSession } from '@guichet/shared/auth';
import { describe, expect, it, vi } from 'vitest';
import { createSessionClient } from './session-client';
import { createSessionStore } from './store';

const USER: AuthSession['user'] = {
  id: '00000000-0000-4000-8000-000000000000',
  email: 'a@b.c',
  displayName: 'A',
  locale: 'en',
};

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A session store on memory, signed in with a token that expires in `expiresIn` seconds. */
function setup(answers: Array<Response | Error>, expiresIn = 3600) {
  const values = new Map<string, string>();
  const store = createSessionStore(
    {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => values.set(key, value),
      removeItem: (key) => values.delete(key),
    },
    null,
  );
  store.setAuth({ accessToken: 'token-1', expiresIn, user: USER });
  store.chooseOrganization('org-1');
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: (init?.headers ?? {}) as Record<string, string> });
    const next = answers.shift();
    if (next === undefined) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  const afterUnauthorized = vi.fn();
  const client = createSessionClient(afterUnauthorized, store, fetchMock as unknown as typeof fetch);
  return { client, store, calls, afterUnauthorized };
}

describe('session client', () => {
  it("sends the session's token and organisation", async () => {
    const { client, calls } = setup([json(200, { ok: true })]);
    await client.api.get('/staffs/me');
    expect(calls[0]!.headers.Authorization).toBe('Bearer token-1');
    expect(calls[0]!.headers['X-Organization-ID']).toBe('org-1');
  });

  it("ends the local session on a 401, then runs the start-up's rule", async () => {
    const { client, store, afterUnauthorized } = setup([
      json(401, { error: { code: 'unauthenticated', message: '' } }),
    ]);
    await expect(client.api.get('/events')).rejects.toMatchObject({ status: 401 });
    expect(store.getState().token).toBeNull();
    expect(store.getState().organizationId).toBeNull();
    expect(afterUnauthorized).toHaveBeenCalledWith(true);
  });

  it('refreshes a token about to expire with the refresh cookie alone, then sends the new one', async () => {
    const fresh: AuthSession = { accessToken: 'token-2', expiresIn: 3600, user: USER };
    const { client, store, calls } = setup([json(200, fresh), json(200, {})], 20);
    await client.api.get('/events');
    expect(calls[0]!.url).toMatch(/\/auth\/token$/);
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[0]!.headers['X-Organization-ID']).toBeUndefined();
    expect(calls[1]!.headers.Authorization).toBe('Bearer token-2');
    expect(store.getState().token).toBe('token-2');
    client.endSession();
  });

  it('a refresh refused with 401 ends the session like any call', async () => {
    const { client, store, afterUnauthorized } = setup(
      [json(401, { error: { code: 'token-expired', message: '' } })],
      20,
    );
    await expect(client.api.get('/events')).rejects.toMatchObject({ status: 401 });
    expect(store.getState().token).toBeNull();
    expect(afterUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('signs out on the server without a token, and locally even when offline', async () => {
    const online = setup([new Response(null, { status: 204 })]);
    await online.client.signOut();
    expect(online.calls[0]!.url).toMatch(/\/auth\/sign-out$/);
    expect(online.calls[0]!.headers.Authorization).toBeUndefined();
    expect(online.store.getState().token).toBeNull();

    const offline = setup([new TypeError('Failed to fetch')]);
    await offline.client.signOut();
    expect(offline.store.getState().token).toBeNull();
    expect(offline.afterUnauthorized).not.toHaveBeenCalled();
  });
});
