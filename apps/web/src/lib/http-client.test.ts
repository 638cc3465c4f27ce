import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { type CallOptions, createApiClient, defaultApiBaseUrl, REQUEST_TIMEOUT_MS } from './http-client';

function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function setup(responses: Array<Response | Error | 'hang'>, overrides: { token?: string | null } = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const sleeps: number[] = [];
  const onUnauthorized = vi.fn();
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (next === undefined) throw new Error('no more responses');
    if (next === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    if (next instanceof Error) throw next;
    return next;
  });
  const client = createApiClient({
    baseUrl: 'http://api.test/api',
    fetch: fetchMock as unknown as typeof fetch,
    getAccessToken: async () => (overrides.token === undefined ? 'token-1' : overrides.token),
    getOrganizationId: () => 'org-1',
    onUnauthorized,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0,
  });
  return { client, calls, sleeps, onUnauthorized };
}

/** A call that gets no answer fails with request-timeout exactly `ms` after it started, not before. */
async function expectTimeoutAfter(ms: number, options?: CallOptions): Promise<void> {
  vi.useFakeTimers();
  try {
    const { client } = setup(['hang']);
    const result = client.post('/x', {}, options).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(ms - 1);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ code: 'request-timeout', status: 0 });
  } finally {
    vi.useRealTimers();
  }
}

describe('api client', () => {
  it('sends the bearer token, the organisation header and credentials', async () => {
    const { client, calls } = setup([json(200, { ok: true })]);
    await expect(client.get('/staffs/me')).resolves.toEqual({ ok: true });
    const init = calls[0]!.init;
    const headers = init.headers as Record<string, string>;
    expect(calls[0]!.url).toBe('http://api.test/api/staffs/me');
    expect(headers.Authorization).toBe('Bearer token-1');
    expect(headers['X-Organization-ID']).toBe('org-1');
    expect(init.credentials).toBe('include');
  });

  it('sends no Authorization header without a token', async () => {
    const { client, calls } = setup([json(200, {})], { token: null });
    await client.get('/auth/password-policy');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('retries idempotent requests on the listed statuses, then succeeds', async () => {
    const { client, calls, sleeps } = setup([json(503), json(429), json(200, { ok: 1 })]);
    await expect(client.get('/x')).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([400, 800]);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET on %i', async (status) => {
    const { client, calls } = setup([json(status), json(200, {})]);
    await client.get('/x');
    expect(calls).toHaveLength(2);
  });

  it('gives up after three attempts with the last error', async () => {
    const { client, calls } = setup([
      json(500),
      json(502),
      json(503, { error: { code: 'internal-error', message: 'down' } }),
    ]);
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
  });

  it('never retries a POST or PATCH', async () => {
    for (const method of ['post', 'patch'] as const) {
      const { client, calls } = setup([json(503)]);
      await expect(client[method]('/x', {})).rejects.toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(1);
    }
  });

  it('does not retry other statuses such as 400 or 404', async () => {
    const { client, calls } = setup([
      json(400, {
        error: { code: 'argument-error', message: 'bad', details: [{ path: ['name'], message: 'x' }] },
      }),
    ]);
    const error = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(calls).toHaveLength(1);
    expect(error.code).toBe('argument-error');
    expect(error.details).toEqual([{ path: ['name'], message: 'x' }]);
  });

  it('honours Retry-After', async () => {
    const { client, sleeps } = setup([json(429, undefined, { 'Retry-After': '3' }), json(200, {})]);
    await client.get('/x');
    expect(sleeps).toEqual([3000]);
  });

  it('does not wait for a Retry-After longer than 30 s', async () => {
    const { client, calls } = setup([
      json(429, { error: { code: 'too-many-attempts', message: '' } }, { 'Retry-After': '120' }),
    ]);
    await expect(client.get('/x')).rejects.toMatchObject({
      code: 'too-many-attempts',
      retryAfterMs: 120_000,
    });
    expect(calls).toHaveLength(1);
  });

  it('can turn retries off for one call', async () => {
    const { client, calls } = setup([json(409, { error: { code: 'last-admin', message: '' } })]);
    await expect(client.delete('/auth/account', { password: 'x' }, { retry: false })).rejects.toMatchObject({
      code: 'last-admin',
    });
    expect(calls).toHaveLength(1);
  });

  it('calls the 401 handler on any 401, and does not retry it', async () => {
    const { client, calls, onUnauthorized } = setup([
      json(401, { error: { code: 'unauthenticated', message: '' } }),
    ]);
    await expect(client.get('/x')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('reports a network failure as network-request-failed (after retries for a GET)', async () => {
    const { client, calls } = setup([
      new TypeError('Failed to fetch'),
      new TypeError('x'),
      new TypeError('x'),
    ]);
    await expect(client.get('/x')).rejects.toMatchObject({ status: 0, code: 'network-request-failed' });
    expect(calls).toHaveLength(3);
  });

  it('times out after 15 000 ms with request-timeout', async () => {
    await expectTimeoutAfter(REQUEST_TIMEOUT_MS);
  });

  it('returns undefined for 204', async () => {
    const { client } = setup([new Response(null, { status: 204 })]);
    await expect(client.post('/auth/sign-out')).resolves.toBeUndefined();
  });

  it('keeps an unknown error code (its message follows the status: error-message.test.ts)', async () => {
    const { client } = setup([json(403, { error: { code: 'something-new', message: 'no' } })]);
    const error = await client.get('/x').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'something-new', status: 403, message: 'no' });
  });
  it('maps a body without a code from the status', async () => {
    const { client } = setup([json(403, { message: 'no' })]);
    await expect(client.get('/x')).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('api client options', () => {
  it("sends the organisation a call names instead of the client's, or none for null", async () => {
    const { client, calls } = setup([json(200, {}), json(200, {})]);
    await client.get('/scan/events', { organizationId: 'org-2' });
    await client.get('/scan/organizations', { organizationId: null });
    expect((calls[0]!.init.headers as Record<string, string>)['X-Organization-ID']).toBe('org-2');
    expect((calls[1]!.init.headers as Record<string, string>)['X-Organization-ID']).toBeUndefined();
  });

  it("adds the headers of a call (the buyer's Idempotency-Key) to its own", async () => {
    const { client, calls } = setup([json(201, { code: 'A' })]);
    await client.post(
      '/public/events/o/e/orders',
      { lines: [] },
      { headers: { 'Idempotency-Key': 'key-1' } },
    );
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('key-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe(JSON.stringify({ lines: [] }));
  });

  it('times a call out at its own deadline', async () => {
    await expectTimeoutAfter(4000, { timeoutMs: 4000 });
  });

  it('sends a file as its bytes with its own type, and never retries it when told so', async () => {
    const { client, calls } = setup([json(503)]);
    const file = new Blob(['png bytes'], { type: 'image/png' });
    await expect(client.put('/settings/company/logo', file, { retry: false })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.body).toBe(file);
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('image/png');
  });

  it('labels a file without a type as bytes', async () => {
    const { client, calls } = setup([json(201, {})]);
    await client.post('/events/covers', new Blob(['?']));
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/octet-stream',
    );
  });

  it("reads a file's bytes when asked for a blob", async () => {
    const { client, calls } = setup([new Response(new Uint8Array([1, 2, 3]), { status: 200 })]);
    const blob = await client.get<Blob>('/files/abc', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
    expect((calls[0]!.init.headers as Record<string, string>).Accept).toBe('*/*');
  });

  it('gives the headers a call would carry, for a stream read apart', async () => {
    const { client } = setup([]);
    await expect(client.authHeaders()).resolves.toEqual({
      Authorization: 'Bearer token-1',
      'X-Organization-ID': 'org-1',
    });
    await expect(client.authHeaders({ auth: false, organizationId: null })).resolves.toEqual({});
  });
});

describe('default API base URL', () => {
  it('uses VITE_API_URL when set, else localhost:4000 in development and /api in production', () => {
    expect(defaultApiBaseUrl({ VITE_API_URL: 'https://x.test/api/', DEV: true })).toBe('https://x.test/api');
    expect(defaultApiBaseUrl({ DEV: true })).toBe('http://localhost:4000/api');
    expect(defaultApiBaseUrl({ DEV: false })).toBe('/api');
  });
});
