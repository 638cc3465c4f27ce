import { refreshTokens, staff } from '@guichet/db/schema/identity';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  refreshCookieOf,
  signUp,
  type TestContext,
  uniqueEmail,
} from '../../../test/support/harness';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

let t: TestContext;
beforeAll(async () => {
  // Many sign-ups and sign-ins come from the same injected address: keep the per-IP limit out of the way.
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => t.close());

const refresh = (cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    ...(cookie === undefined ? {} : { cookies: { guichet_refresh: cookie } }),
  });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

function setCookieHeader(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = all.find((value) => value.startsWith('guichet_refresh='));
  if (!cookie) throw new Error('no refresh cookie set');
  return cookie;
}

async function familyOf(staffId: string) {
  return t.app.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.staffId, staffId));
}

describe('POST /api/auth/sign-up', () => {
  it('creates the account, answers 201 with the session and sets the refresh cookie', async () => {
    const email = uniqueEmail('new');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: 'correct horse', displayName: '  Ada Lovelace ' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresIn', 'user']);
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.expiresIn).toBe(3600);
    expect(body.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      displayName: 'Ada Lovelace',
      locale: 'en',
    });

    const raw = setCookieHeader(response);
    expect(raw).toMatch(/; HttpOnly/);
    expect(raw).toMatch(/; SameSite=Strict/);
    expect(raw).toMatch(/; Path=\/api\/auth(;|$)/);
    expect(raw).not.toMatch(/; Secure/); // PUBLIC_URL is http in tests
    const cookie = response.cookies.find((entry) => entry.name === 'guichet_refresh');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);
    expect(cookie?.expires?.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    // The refresh token is stored hashed, never in clear.
    const tokens = await familyOf(body.user.id);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.tokenHash).not.toBe(cookie?.value);

    // The access token works.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/staffs/me',
      headers: bearer(body.accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(body.user.id);
  });

  it('stores the password as an argon2id hash with the OWASP parameters', async () => {
    const user = await signUp(t.app);
    const [row] = await t.app.ctx.db
      .select({ passwordHash: staff.passwordHash })
      .from(staff)
      .where(eq(staff.id, user.user.id));
    expect(row?.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(row?.passwordHash).not.toContain(user.password);
  });

  it('keeps e-mails trimmed and lower-cased and refuses a duplicate in any case with 409', async () => {
    const local = `Mixed-${Date.now().toString(36)}`;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: `  ${local}@Example.COM `, password: 'correct horse', displayName: 'First' },
    });
    expect(first.statusCode).toBe(201);
    const lower = `${local.toLowerCase()}@example.com`;
    expect(first.json().user.email).toBe(lower);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: lower.toUpperCase(), password: 'another pass', displayName: 'Second' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('email-already-in-use');
    expect(again.headers['set-cookie']).toBeUndefined();
    const rows = await t.app.ctx.db.select().from(staff).where(eq(staff.email, lower));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.displayName).toBe('First');

    const signedIn = await signIn(lower.toUpperCase(), 'correct horse');
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses a password that fails the policy with the failed rules, and creates nothing', async () => {
    const email = uniqueEmail('short');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: '12345', displayName: 'Short' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('password-does-not-meet-requirements');
    expect(error.details.failedRules).toEqual(['minLength']);
    expect(error.details.policy.minLength).toBe(6);
    expect(await t.app.ctx.db.select().from(staff).where(eq(staff.email, email))).toHaveLength(0);
  });

  it.each([
    ['a missing display name', { email: 'x@example.com', password: 'correct horse' }],
    ['an invalid e-mail', { email: 'not-an-email', password: 'correct horse', displayName: 'X' }],
    ['an empty password', { email: 'x@example.com', password: '', displayName: 'X' }],
    [
      'an unknown field',
      { email: 'x@example.com', password: 'correct horse', displayName: 'X', role: 'ADMIN' },
    ],
    ['a blank display name', { email: 'x@example.com', password: 'correct horse', displayName: '   ' }],
  ])('answers 400 argument-error for %s', async (_label, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('argument-error');
    expect(Array.isArray(response.json().error.details)).toBe(true);
  });
});

describe('GET /api/auth/password-policy', () => {
  it('gives the default policy: minimum length 6, nothing else required', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/password-policy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      minLength: 6,
      requireLowercase: false,
      requireUppercase: false,
      requireNumeric: false,
      requireNonAlphanumeric: false,
    });
  });
});

describe('POST /api/auth/sign-in', () => {
  it('answers 200 with a session and a refresh cookie', async () => {
    const user = await signUp(t.app);
    const response = await signIn(user.email, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accessToken: expect.any(String),
      expiresIn: 3600,
      user: user.user,
    });
    expect(refreshCookieOf(response)).not.toBe(user.refreshCookie);
    const [row] = await t.app.ctx.db.select().from(staff).where(eq(staff.id, user.user.id));
    expect(row?.lastSignInAt).toBeInstanceOf(Date);
  });

  it('gives identical 400 invalid-credential answers for a wrong password and an unknown e-mail', async () => {
    const user = await signUp(t.app);
    const wrongPassword = await signIn(user.email, 'not the password');
    const unknownEmail = await signIn(uniqueEmail('nobody'), 'not the password');
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownEmail.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('invalid-credential');
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
    expect(unknownEmail.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /api/auth/token', () => {
  it('rotates the cookie; reusing the old one revokes the whole family', async () => {
    const user = await signUp(t.app);
    const first = await refresh(user.refreshCookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accessToken: expect.any(String), expiresIn: 3600, user: user.user });
    const newer = refreshCookieOf(first);
    expect(newer).not.toBe(user.refreshCookie);
    expect(setCookieHeader(first)).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/);

    const replay = await refresh(user.refreshCookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('unauthenticated');
    // The failed refresh clears the cookie.
    expect(setCookieHeader(replay)).toMatch(/^guichet_refresh=;/);

    const afterTheft = await refresh(newer);
    expect(afterTheft.statusCode).toBe(401);
    expect(afterTheft.json().error.code).toBe('unauthenticated');

    const tokens = await familyOf(user.user.id);
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens.map((row) => row.familyId)).size).toBe(1);
    expect(tokens.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('keeps working along the chain of rotations', async () => {
    const user = await signUp(t.app);
    let cookie = user.refreshCookie;
    for (let i = 0; i < 3; i++) {
      const response = await refresh(cookie);
      expect(response.statusCode).toBe(200);
      cookie = refreshCookieOf(response);
    }
    const tokens = await familyOf(user.user.id);
    expect(tokens).toHaveLength(4);
    expect(tokens.filter((row) => row.rotatedAt === null)).toHaveLength(1);
  });

  it('answers 401 for an expired refresh token', async () => {
    const user = await signUp(t.app);
    await t.app.ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.staffId, user.user.id));
    const response = await refresh(user.refreshCookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    const missing = await refresh();
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('unauthenticated');
    const unknown = await refresh('not-a-real-refresh-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('unauthenticated');
  });
});

describe('POST /api/auth/sign-out', () => {
  it('revokes the session it is called with and clears the cookie, leaving other sessions alone', async () => {
    const user = await signUp(t.app);
    const other = refreshCookieOf(await signIn(user.email, user.password));

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { guichet_refresh: user.refreshCookie },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(setCookieHeader(response)).toMatch(/^guichet_refresh=;.*Path=\/api\/auth/);

    expect((await refresh(user.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(other)).statusCode).toBe(200);
  });

  it('answers 204 without a cookie', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(response.statusCode).toBe(204);
  });
});

describe('access tokens', () => {
  const me = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/staffs/me',
      headers: authorization === undefined ? {} : { authorization },
    });

  const token = (secret: string, staffId: string, expiresAt: number) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(staffId)
      .setIssuer('guichet')
      .setAudience('guichet-api')
      .setIssuedAt(expiresAt - 3600)
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(secret));

  it('accepts a token signed with the secret (control for the cases below)', async () => {
    const user = await signUp(t.app);
    const valid = await token(SECRET, user.user.id, Math.floor(Date.now() / 1000) + 600);
    expect((await me(`Bearer ${valid}`)).statusCode).toBe(200);
  });

  it('answers 401 token-expired for an expired token', async () => {
    const user = await signUp(t.app);
    const expired = await token(SECRET, user.user.id, Math.floor(Date.now() / 1000) - 60);
    const response = await me(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('token-expired');
  });

  it.each([
    ['no header', undefined],
    ['garbage', 'Bearer garbage'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 unauthenticated for %s', async (_label, header) => {
    const response = await me(header);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('answers 401 unauthenticated for a token signed with another secret', async () => {
    const user = await signUp(t.app);
    const forged = await token(
      'another-secret-another-secret-0123456789',
      user.user.id,
      Math.floor(Date.now() / 1000) + 600,
    );
    const response = await me(`Bearer ${forged}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('answers 401 unauthenticated for a valid token of a staff member who does not exist', async () => {
    const ghost = await token(
      SECRET,
      '01900000-0000-7000-8000-000000000000',
      Math.floor(Date.now() / 1000) + 600,
    );
    const response = await me(`Bearer ${ghost}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });
});
