import { organizations } from '@guichet/db/schema/organizations';
import { recoveryCodes, signInTokens, twoFactor } from '@guichet/db/schema/sign-in';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  type SignedUp,
  signUp,
  type TestContext,
} from '../../../test/support/harness';
import { sha256 } from '../../tokens';
import { base32Decode, hotp, matchTotp, openSecret, otpauthUri, stepAt, totp } from './totp';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

const PERIOD = 30_000;

/** Turns two-factor on for `user` with a code of the previous step; answers the secret and recovery codes. */
async function enableTwoFactor(user: SignedUp) {
  const setup = await post('/api/auth/two-factor/setup', undefined, user.accessToken);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enable = await post(
    '/api/auth/two-factor/enable',
    { code: totp(secret, Date.now() - PERIOD) },
    user.accessToken,
  );
  expect(enable.statusCode).toBe(200);
  return { secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function challengeFor(user: SignedUp): Promise<string> {
  const response = await post('/api/auth/sign-in', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(401);
  const body = response.json();
  expect(body.error.code).toBe('multi-factor-auth-required');
  expect(response.cookies.find((cookie) => cookie.name === 'guichet_refresh')).toBeUndefined();
  return body.error.details.challenge as string;
}

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors (SHA-1, truncated to 6 digits)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(base32Decode(secret).toString()).toBe('12345678901234567890');
    expect(totp(secret, 59_000)).toBe('287082');
    expect(totp(secret, 1_111_111_109_000)).toBe('081804');
    expect(totp(secret, 1_234_567_890_000)).toBe('005924');
    expect(totp(secret, 2_000_000_000_000)).toBe('279037');
    expect(hotp(base32Decode(secret), 0)).toBe('755224');
  });

  it('accepts the previous and next step only', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const now = 1_700_000_000_000;
    expect(matchTotp(secret, totp(secret, now - PERIOD), now)).toBe(stepAt(now) - 1);
    expect(matchTotp(secret, totp(secret, now + PERIOD), now)).toBe(stepAt(now) + 1);
    expect(matchTotp(secret, totp(secret, now - 2 * PERIOD), now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('builds the otpauth URI apps scan', () => {
    expect(otpauthUri('ABC', 'a@example.com')).toBe(
      'otpauth://totp/Guichet%3Aa%40example.com?secret=ABC&issuer=Guichet&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('two-factor set-up', () => {
  it('keeps the secret encrypted, turns on with a right code only, and shows 10 recovery codes once', async () => {
    const user = await signUp(t.app);
    const setup = await post('/api/auth/two-factor/setup', undefined, user.accessToken);
    const { secret, otpauthUri: uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    const [row] = await t.app.ctx.db.select().from(twoFactor).where(eq(twoFactor.staffId, user.user.id));
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(openSecret(t.app.ctx.config.jwtSecret, row!.secretEncrypted)).toBe(secret);
    expect(row!.enabledAt).toBeNull();

    // Not on yet: signing in needs no code.
    expect((await post('/api/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );

    const wrong = await post('/api/auth/two-factor/enable', { code: '000000' }, user.accessToken);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid-code');

    const enable = await post(
      '/api/auth/two-factor/enable',
      { code: totp(secret, Date.now()) },
      user.accessToken,
    );
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.app.ctx.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.staffId, user.user.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace('-', ''));

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/auth/two-factor',
      headers: bearer(user.accessToken),
    });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // A second set-up would replace the secret: refused while it is on.
    expect((await post('/api/auth/two-factor/setup', undefined, user.accessToken)).statusCode).toBe(400);
  });
});

describe('signing in with two-factor', () => {
  it('answers multi-factor-auth-required with a challenge, then a session for a right code', async () => {
    const user = await signUp(t.app);
    const { secret } = await enableTwoFactor(user);
    const challenge = await challengeFor(user);
    const [row] = await t.app.ctx.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.tokenHash, sha256(challenge)));
    expect(row?.kind).toBe('mfa-challenge');
    const ttl = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(ttl).toBeGreaterThan(4.9);
    expect(ttl).toBeLessThan(5.1);

    const wrong = await post('/api/auth/two-factor/verify', {
      challenge,
      code: '123456' === totp(secret, Date.now()) ? '654321' : '123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid-code');

    const right = await post('/api/auth/two-factor/verify', { challenge, code: totp(secret, Date.now()) });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(user.user.id);
    expect(right.cookies.find((cookie) => cookie.name === 'guichet_refresh')).toBeDefined();

    // The challenge is single-use.
    const again = await post('/api/auth/two-factor/verify', { challenge, code: totp(secret, Date.now()) });
    expect(again.json().error.code).toBe('expired-code');
  });

  it('refuses a replayed code, and a code older than the last one accepted', async () => {
    const user = await signUp(t.app);
    const { secret } = await enableTwoFactor(user);
    // The code entered at set-up, again: a replay.
    const [row] = await t.app.ctx.db.select().from(twoFactor).where(eq(twoFactor.staffId, user.user.id));
    const replay = await post('/api/auth/two-factor/verify', {
      challenge: await challengeFor(user),
      code: hotp(base32Decode(secret), row!.lastUsedStep!),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('invalid-code');

    const code = totp(secret, Date.now() + PERIOD);
    const first = await post('/api/auth/two-factor/verify', { challenge: await challengeFor(user), code });
    expect(first.statusCode).toBe(200);
    const replayed = await post('/api/auth/two-factor/verify', { challenge: await challengeFor(user), code });
    expect(replayed.json().error.code).toBe('invalid-code');
    const older = await post('/api/auth/two-factor/verify', {
      challenge: await challengeFor(user),
      code: totp(secret, Date.now()),
    });
    expect(older.json().error.code).toBe('invalid-code');
  });

  it('accepts each recovery code once, with or without its dash', async () => {
    const user = await signUp(t.app);
    const { recoveryCodes: codes } = await enableTwoFactor(user);
    const first = await post('/api/auth/two-factor/verify', {
      challenge: await challengeFor(user),
      code: codes[0],
    });
    expect(first.statusCode).toBe(200);
    const reused = await post('/api/auth/two-factor/verify', {
      challenge: await challengeFor(user),
      code: codes[0]!.replace('-', '').toLowerCase(),
    });
    expect(reused.json().error.code).toBe('invalid-code');
    const second = await post('/api/auth/two-factor/verify', {
      challenge: await challengeFor(user),
      code: codes[1]!.replace('-', ' ').toLowerCase(),
    });
    expect(second.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/auth/two-factor',
      headers: bearer(user.accessToken),
    });
    expect(status.json().recoveryCodesLeft).toBe(8);
  });

  it('lets a challenge expire after 5 minutes', async () => {
    const user = await signUp(t.app);
    const { secret } = await enableTwoFactor(user);
    const challenge = await challengeFor(user);
    await t.app.ctx.db
      .update(signInTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInTokens.tokenHash, sha256(challenge)));
    const late = await post('/api/auth/two-factor/verify', { challenge, code: totp(secret, Date.now()) });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('expired-code');
    const unknown = await post('/api/auth/two-factor/verify', { challenge: 'y'.repeat(43), code: '123456' });
    expect(unknown.json().error.code).toBe('invalid-code');
  });

  it('applies to the e-mail link too', async () => {
    const user = await signUp(t.app);
    await enableTwoFactor(user);
    await post('/api/auth/email-link', { email: user.email });
    await t.app.outbox.drain();
    const token = t.mails.findLast((mail) => mail.to === user.email)!.text.match(/link=([\w-]+)/)![1];
    const response = await post('/api/auth/email-link/confirm', { token, email: user.email });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('multi-factor-auth-required');
    expect(response.json().error.details.challenge).toMatch(/^[\w-]{43}$/);
  });

  it('turns off with the password only', async () => {
    const user = await signUp(t.app);
    await enableTwoFactor(user);
    const wrong = await post('/api/auth/two-factor/disable', { password: 'nope' }, user.accessToken);
    expect(wrong.json().error.code).toBe('invalid-password');
    const off = await post('/api/auth/two-factor/disable', { password: user.password }, user.accessToken);
    expect(off.statusCode).toBe(204);
    expect((await post('/api/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
    const left = await t.app.ctx.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.staffId, user.user.id));
    expect(left).toHaveLength(0);
  });
});

describe('an organisation that requires two-factor', () => {
  it('answers 403 two-factor-required to staff without it, and lets them in once it is on', async () => {
    const user = await signUp(t.app);
    const organization = await createOrganization(t.app, user.accessToken);
    const current = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/organizations/current',
        headers: { ...bearer(user.accessToken), 'x-organization-id': organization.id },
      });
    expect((await current()).statusCode).toBe(200);
    await t.app.ctx.db
      .update(organizations)
      .set({ requireTwoFactor: true })
      .where(eq(organizations.id, organization.id));
    const refused = await current();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('two-factor-required');

    // Their own profile and two-factor set-up stay open.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/staffs/me',
      headers: bearer(user.accessToken),
    });
    expect(me.statusCode).toBe(200);
    await enableTwoFactor(user);
    expect((await current()).statusCode).toBe(200);

    // A stranger still gets the same 403 forbidden as before (no hint about the setting).
    const stranger = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/current',
      headers: { ...bearer(stranger.accessToken), 'x-organization-id': organization.id },
    });
    expect(foreign.json().error.code).toBe('forbidden');
  });
});
