import { passwordResetCodes, refreshTokens, staff } from '@guichet/db/schema/identity';
import { outbox } from '@guichet/db/schema/outbox';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, uniqueEmail } from '../../../test/support/harness';
import { sha256 } from '../../tokens';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => t.close());

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });

const confirm = (code: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { code, newPassword },
  });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

/** Requests a reset for `email`, delivers the outbox and returns the code from the mail it sent. */
async function resetCodeFor(email: string): Promise<string> {
  const response = await requestReset(email);
  expect(response.statusCode).toBe(204);
  await t.app.outbox.drain();
  const mail = t.mails.findLast((message) => message.to === email);
  const code = mail?.text.match(/Your code: ([2-9A-Z]{10})/)?.[1];
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
}

describe('POST /api/auth/password-reset', () => {
  it('answers 204 for existing and unknown e-mails alike; only the existing one gets mail', async () => {
    const user = await signUp(t.app);
    const unknown = uniqueEmail('nobody');
    const existing = await requestReset(user.email.toUpperCase());
    const missing = await requestReset(unknown);
    expect(existing.statusCode).toBe(204);
    expect(missing.statusCode).toBe(204);
    expect(existing.body).toBe('');
    expect(missing.body).toBe('');

    await t.app.outbox.drain();
    expect(t.mails.filter((mail) => mail.to === unknown)).toHaveLength(0);
    const mails = t.mails.filter((mail) => mail.to === user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your Guichet password reset code');
    const code = mail.text.match(/Your code: ([2-9A-Z]{10})/)?.[1];
    expect(code).toBeDefined();
    expect(mail.text).toContain(`http://localhost:4000/reset-password?code=${code}`);
    expect(mail.html).toContain(code);

    // The outbox row was delivered and is marked so.
    const rows = await t.app.ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${user.email}`);
    expect(rows.map((row) => row.status)).toEqual(['sent']);
  });

  it('stores codes hashed: the plain code appears nowhere in the table', async () => {
    const user = await signUp(t.app);
    const code = await resetCodeFor(user.email);
    const rows = await t.app.ctx.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.staffId, user.user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]?.codeHash).toBe(sha256(code));
    const ttl = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(ttl).toBeGreaterThan(14.9);
    expect(ttl).toBeLessThan(15.1);
  });

  it('refuses an invalid e-mail with 400 argument-error', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('argument-error');
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  it('sets the new password once, revokes every session, and the code cannot be used again', async () => {
    const user = await signUp(t.app);
    const otherSession = await signIn(user.email, user.password);
    expect(otherSession.statusCode).toBe(200);
    const code = await resetCodeFor(user.email);

    // Typed by a person: lower case and spaces are accepted.
    const typed = `${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`;
    const response = await confirm(typed, 'my new password');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const tokens = await t.app.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.staffId, user.user.id));
    expect(tokens).toHaveLength(2);
    expect(tokens.every((row) => row.revokedAt !== null)).toBe(true);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      cookies: { guichet_refresh: user.refreshCookie },
    });
    expect(refreshed.statusCode).toBe(401);

    const again = await confirm(code, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('expired-code');

    const old = await signIn(user.email, user.password);
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('invalid-credential');
    expect((await signIn(user.email, 'my new password')).statusCode).toBe(200);
  });

  it('refuses an unknown code with 400 invalid-code', async () => {
    const response = await confirm('ZZZZZZZZZZ', 'my new password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-code');
  });

  it('refuses a code too short to be one with 400 argument-error', async () => {
    const response = await confirm('ABC', 'my new password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('argument-error');
  });

  it('refuses an expired code with 400 expired-code and leaves the password alone', async () => {
    const user = await signUp(t.app);
    const code = await resetCodeFor(user.email);
    await t.app.ctx.db
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetCodes.staffId, user.user.id));
    const [before] = await t.app.ctx.db.select().from(staff).where(eq(staff.id, user.user.id));

    const response = await confirm(code, 'my new password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('expired-code');
    const [after] = await t.app.ctx.db.select().from(staff).where(eq(staff.id, user.user.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });

  it('keeps the code usable when the new password fails the policy', async () => {
    const user = await signUp(t.app);
    const code = await resetCodeFor(user.email);
    const weak = await confirm(code, '123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('password-does-not-meet-requirements');
    expect(weak.json().error.details.failedRules).toEqual(['minLength']);
    expect((await confirm(code, 'long enough')).statusCode).toBe(204);
  });

  it('voids the account’s other outstanding codes once one is used', async () => {
    const user = await signUp(t.app);
    const first = await resetCodeFor(user.email);
    const second = await resetCodeFor(user.email);
    expect(second).not.toBe(first);
    expect((await confirm(second, 'chosen password')).statusCode).toBe(204);
    const stale = await confirm(first, 'another password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('expired-code');
  });
});
