import { signInTokens } from '@guichet/db/schema/sign-in';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestContext, uniqueEmail } from '../../../test/support/harness';
import { sha256 } from '../../tokens';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => t.close());

const requestLink = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email } });

const confirm = (token: string, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/email-link/confirm', payload: { token, email } });

/** Asks for a link, delivers the outbox, and answers the token of the link in the mail. */
async function linkFor(email: string): Promise<string> {
  const response = await requestLink(email);
  expect(response.statusCode).toBe(204);
  await t.app.outbox.drain();
  const mail = t.mails.findLast((message) => message.to === email);
  const token = mail?.text.match(/\/connection\?link=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no link mailed to ${email}`);
  return token;
}

describe('sign-in with an e-mail link', () => {
  it('answers 204 for known and unknown e-mails alike; only the known one gets mail', async () => {
    const user = await signUp(t.app);
    const unknown = uniqueEmail('nobody');
    expect((await requestLink(user.email)).statusCode).toBe(204);
    expect((await requestLink(unknown)).statusCode).toBe(204);
    await t.app.outbox.drain();
    expect(t.mails.filter((mail) => mail.to === unknown)).toHaveLength(0);
    const mail = t.mails.findLast((message) => message.to === user.email)!;
    expect(mail.subject).toBe('Your Guichet sign-in link');
    expect(mail.text).toMatch(/http:\/\/localhost:4000\/connection\?link=[\w-]{43}/);
    expect(mail.text).toContain('15 minutes');
  });

  it('signs in once: stored hashed, 15 minutes, then expired-code', async () => {
    const user = await signUp(t.app);
    const token = await linkFor(user.email);
    const [row] = await t.app.ctx.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.tokenHash, sha256(token)));
    expect(row).toMatchObject({ kind: 'email-link', email: user.email, staffId: user.user.id });
    const ttl = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(ttl).toBeGreaterThan(14.9);
    expect(ttl).toBeLessThan(15.1);

    const first = await confirm(token, user.email.toUpperCase());
    expect(first.statusCode).toBe(200);
    expect(first.json().user.id).toBe(user.user.id);
    expect(first.cookies.find((cookie) => cookie.name === 'guichet_refresh')?.httpOnly).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/staffs/me',
      headers: bearer(first.json().accessToken),
    });
    expect(me.statusCode).toBe(200);

    const second = await confirm(token, user.email);
    expect(second.statusCode).toBe(400);
    expect(second.json().error.code).toBe('expired-code');
  });

  it('refuses an expired link with expired-code and an unknown one with invalid-code', async () => {
    const user = await signUp(t.app);
    const token = await linkFor(user.email);
    await t.app.ctx.db
      .update(signInTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInTokens.tokenHash, sha256(token)));
    const expired = await confirm(token, user.email);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('expired-code');
    const unknown = await confirm('x'.repeat(43), user.email);
    expect(unknown.json().error.code).toBe('invalid-code');
  });

  it('answers user-mismatch for another e-mail, and the link still works for its owner', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const token = await linkFor(user.email);
    const wrong = await confirm(token, other.email);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('user-mismatch');
    expect(wrong.cookies.find((cookie) => cookie.name === 'guichet_refresh')).toBeUndefined();
    const right = await confirm(token, user.email);
    expect(right.statusCode).toBe(200);
  });

  it('is rate-limited per account like the password reset', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '2' });
    try {
      const user = await signUp(limited.app);
      const ask = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email: user.email } });
      expect((await ask()).statusCode).toBe(204);
      expect((await ask()).statusCode).toBe(204);
      const third = await ask();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('too-many-attempts');
    } finally {
      await limited.close();
    }
  });
});

describe('sessions (refresh-token families)', () => {
  it('lists the devices, marks the current one, and revokes one', async () => {
    const user = await signUp(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'user-agent': 'Phone Browser/1.0' },
      payload: { email: user.email, password: user.password },
    });
    const otherCookie = other.cookies.find((cookie) => cookie.name === 'guichet_refresh')!.value;

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(user.accessToken),
      cookies: { guichet_refresh: user.refreshCookie },
    });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { id: string; current: boolean; userAgent: string | null }[];
    expect(items).toHaveLength(2);
    expect(items.filter((item) => item.current)).toHaveLength(1);
    const phone = items.find((item) => item.userAgent === 'Phone Browser/1.0')!;
    expect(phone.current).toBe(false);

    // Someone else cannot revoke it.
    const stranger = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phone.id}`,
      headers: bearer(stranger.accessToken),
    });
    expect(foreign.statusCode).toBe(404);

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phone.id}`,
      headers: bearer(user.accessToken),
      cookies: { guichet_refresh: user.refreshCookie },
    });
    expect(revoke.statusCode).toBe(204);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      cookies: { guichet_refresh: otherCookie },
    });
    expect(refresh.statusCode).toBe(401);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(user.accessToken),
      cookies: { guichet_refresh: user.refreshCookie },
    });
    expect(after.json().items).toHaveLength(1);
    expect(after.json().items[0].current).toBe(true);

    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('keeps one entry per family across refreshes, with its last use', async () => {
    const user = await signUp(t.app);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      cookies: { guichet_refresh: user.refreshCookie },
    });
    const cookie = refreshed.cookies.find((entry) => entry.name === 'guichet_refresh')!.value;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(user.accessToken),
      cookies: { guichet_refresh: cookie },
    });
    const items = list.json().items;
    expect(items).toHaveLength(1);
    expect(items[0].current).toBe(true);
    expect(Date.parse(items[0].lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(items[0].createdAt));
  });
});
