import { staff } from '@guichet/db/schema/identity';
import { signInTokens, staffIdentities } from '@guichet/db/schema/sign-in';
import type { OidcResult } from '@guichet/shared/sign-in-options';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../../test/fakes/oidc-provider';
import {
  bearer,
  createTestApp,
  refreshCookieOf,
  signUp,
  type TestContext,
} from '../../../test/support/harness';
import { sha256 } from '../../tokens';

const PUBLIC_URL = 'http://localhost:4000';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/test/callback`;
const stamp = Date.now().toString(36);
const emails = {
  newcomer: `newcomer-${stamp}@example.com`,
  linked: `linked-${stamp}@example.com`,
  unverified: `unverified-${stamp}@example.com`,
};

let t: TestContext;
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider(
    {
      newcomer: { email: emails.newcomer, email_verified: true, name: 'New Comer' },
      linked: { email: emails.linked, email_verified: true, name: 'Linked Person' },
      unverified: { email: emails.unverified, email_verified: false, name: 'Not Verified' },
    },
    CALLBACK,
  );
  t = await createTestApp({
    AUTH_RATE_LIMIT_PER_IP: '1000',
    PUBLIC_URL,
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: 'test',
        name: 'Test ID',
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
      },
    ]),
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** The data the callback page hands to its script. */
function pageData(response: LightMyRequestResponse) {
  const content = /<meta name="guichet-oidc" content="([^"]*)"/.exec(response.body)?.[1];
  if (!content) throw new Error(`no result in page: ${response.body}`);
  const json = content.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return JSON.parse(json) as { mode: string; result: OidcResult; target: string };
}

async function start(mode: 'popup' | 'redirect' = 'redirect', next?: string) {
  const query = new URLSearchParams({ mode, ...(next ? { next } : {}) });
  const response = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/test/start?${query}` });
  expect(response.statusCode).toBe(302);
  return response.headers.location as string;
}

/** The whole flow for the provider's account `login`; answers the callback URL and its response. */
async function signInAs(login: string, mode: 'popup' | 'redirect' = 'redirect', next?: string) {
  const authorization = await start(mode, next);
  const back = await signInAtProvider(authorization, login, CALLBACK);
  const response = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  return { back, response };
}

async function accessTokenFrom(response: LightMyRequestResponse) {
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    cookies: { guichet_refresh: refreshCookieOf(response) },
  });
  expect(token.statusCode).toBe(200);
  return token.json<{ accessToken: string; user: { id: string; email: string; displayName: string } }>();
}

describe('third-party sign-in (OpenID Connect, against a real provider)', () => {
  it('lists the configured providers, id and name only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [{ id: 'test', name: 'Test ID' }] });
  });

  it('starts the code flow with PKCE, state and nonce; keeps only a hash of the state', async () => {
    const location = new URL(await start('popup', '/events'));
    expect(location.origin).toBe(provider.issuer);
    const params = location.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{43}$/);
    const state = params.get('state')!;
    const [row] = await t.app.ctx.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.tokenHash, sha256(state)));
    expect(row?.kind).toBe('oidc-state');
    const ttl = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(ttl).toBeGreaterThan(9.9);
    expect(ttl).toBeLessThan(10.1);
    expect(row!.data).not.toContain(state);
    expect(row!.data).not.toContain(params.get('nonce'));
  });

  it('creates an account for a new verified e-mail and signs it in (popup mode)', async () => {
    const { response } = await signInAs('newcomer', 'popup', '/events');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(response.body).toContain('<script src="/api/auth/oidc/complete.js"');
    expect(response.body).not.toMatch(/<script>/);
    const data = pageData(response);
    expect(data).toMatchObject({ mode: 'popup', result: { type: 'guichet:oidc', status: 'ok' } });
    expect(data.target).toBe('/connection?next=%2Fevents#oidc=ok');

    const session = await accessTokenFrom(response);
    expect(session.user).toMatchObject({ email: emails.newcomer, displayName: 'New Comer' });
    const identities = await t.app.inject({
      method: 'GET',
      url: '/api/auth/identities',
      headers: bearer(session.accessToken),
    });
    expect(identities.json()).toMatchObject({
      hasPassword: false,
      items: [{ provider: 'test', providerName: 'Test ID', email: emails.newcomer }],
    });
    // Without a password, the only linked account cannot be unlinked.
    const unlink = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/identities/${identities.json().items[0].id}`,
      headers: bearer(session.accessToken),
    });
    expect(unlink.statusCode).toBe(403);
    // Nor can anyone sign in to it with a password.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: emails.newcomer, password: '!none' },
    });
    expect(password.statusCode).toBe(400);
  });

  it('links to an existing account by verified e-mail, then signs in through the link', async () => {
    const existing = await signUp(t.app, { email: emails.linked });
    const first = await signInAs('linked');
    expect(pageData(first.response).result.status).toBe('ok');
    expect(pageData(first.response).target).toBe('/connection#oidc=ok');
    expect((await accessTokenFrom(first.response)).user.id).toBe(existing.user.id);
    const links = await t.app.ctx.db
      .select()
      .from(staffIdentities)
      .where(eq(staffIdentities.staffId, existing.user.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ provider: 'test', subject: 'linked' });

    const again = await signInAs('linked');
    expect((await accessTokenFrom(again.response)).user.id).toBe(existing.user.id);

    // It has a password: unlinking is allowed.
    const unlink = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/identities/${links[0]!.id}`,
      headers: bearer(existing.accessToken),
    });
    expect(unlink.statusCode).toBe(204);
  });

  it('refuses an unverified e-mail: no link, no session', async () => {
    const existing = await signUp(t.app, { email: emails.unverified });
    const { response } = await signInAs('unverified');
    expect(pageData(response).result).toEqual({
      type: 'guichet:oidc',
      status: 'error',
      code: 'user-mismatch',
    });
    expect(response.cookies.find((cookie) => cookie.name === 'guichet_refresh')).toBeUndefined();
    const links = await t.app.ctx.db
      .select()
      .from(staffIdentities)
      .where(eq(staffIdentities.staffId, existing.user.id));
    expect(links).toHaveLength(0);
  });

  it('refuses an unknown state and a replayed one', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/test/callback?state=made-up-state&code=whatever',
    });
    expect(pageData(bad).result).toMatchObject({ status: 'error', code: 'invalid-auth-event' });

    const { back, response } = await signInAs('newcomer');
    expect(pageData(response).result.status).toBe('ok');
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(pageData(replay).result).toMatchObject({ status: 'error', code: 'invalid-auth-event' });
    expect(replay.cookies.find((cookie) => cookie.name === 'guichet_refresh')).toBeUndefined();
  });

  it('refuses a state used at another provider, and a cancelled sign-in', async () => {
    const location = new URL(await start());
    const state = location.searchParams.get('state')!;
    const cancelled = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/test/callback?state=${state}&error=access_denied`,
    });
    expect(pageData(cancelled).result).toMatchObject({ code: 'invalid-auth-event' });

    const other = new URL(await start()).searchParams.get('state')!;
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/other/callback?state=${other}&code=x`,
    });
    expect(pageData(elsewhere).result).toMatchObject({ code: 'invalid-auth-event' });
  });

  it('answers provider-not-found and unauthorized-domain at the start', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/nope/start?mode=popup' });
    expect(unknown.statusCode).toBe(404);
    expect(pageData(unknown).result).toMatchObject({ status: 'error', code: 'provider-not-found' });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/test/start?mode=redirect&next=${encodeURIComponent('//evil.example/')}`,
    });
    expect(foreign.statusCode).toBe(403);
    expect(pageData(foreign).result).toMatchObject({ code: 'unauthorized-domain' });
  });

  it('serves the end page script as a file (the CSP allows no inline script)', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/complete.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('window.opener.postMessage(data.result, window.location.origin)');
  });

  it('asks for the second factor when the account has two-factor on', async () => {
    const { totp } = await import('./totp');
    const [row] = await t.app.ctx.db.select().from(staff).where(eq(staff.email, emails.linked));
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: emails.linked, password: 'correct horse' },
    });
    const token = session.json().accessToken as string;
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/setup',
      headers: bearer(token),
    });
    const { secret } = setup.json();
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: bearer(token),
      payload: { code: totp(secret, Date.now() - 30_000) },
    });
    expect(enable.statusCode).toBe(200);

    const { response } = await signInAs('linked');
    const { result } = pageData(response);
    expect(result).toMatchObject({ status: 'error', code: 'multi-factor-auth-required' });
    expect(response.cookies.find((cookie) => cookie.name === 'guichet_refresh')).toBeUndefined();
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { challenge: result.challenge, code: totp(secret, Date.now()) },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.id).toBe(row!.id);
  });
});
