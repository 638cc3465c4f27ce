import { refreshTokens, staff } from '@guichet/db/schema/identity';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import {
  createOrganization,
  createTestApp,
  refreshCookieOf,
  signUp,
  type TestContext,
  uniqueEmail,
} from '../../../test/support/harness';

// On PostgreSQL the requests below really run side by side on separate pooled connections; on PGlite they
// interleave on one connection. The guarded UPDATEs must give one winner either way.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => t.close());

const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/token', cookies: { guichet_refresh: cookie } });

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

describe(`concurrent requests (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('two refreshes with the same cookie: exactly one 200, then the whole family is revoked', async () => {
    const user = await signUp(t.app);
    // Several rounds, each a family of its own, to give an unlucky interleaving a chance to show.
    for (let round = 0; round < 4; round++) {
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password: user.password },
      });
      const cookie = refreshCookieOf(signedIn);
      const responses = await Promise.all([refresh(cookie), refresh(cookie)]);
      expect(statuses(responses)).toEqual([200, 401]);
      const loser = responses.find((response) => response.statusCode === 401)!;
      expect(loser.json().error.code).toBe('unauthenticated');

      // The reuse revoked the family, including the token the winner just received.
      const winner = responses.find((response) => response.statusCode === 200)!;
      const again = await refresh(refreshCookieOf(winner));
      expect(again.statusCode).toBe(401);
    }
    const tokens = await t.app.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.staffId, user.user.id));
    const live = tokens.filter((row) => row.revokedAt === null);
    // Only the sign-up's family is untouched.
    expect(live).toHaveLength(1);
    expect(tokens).toHaveLength(1 + 4 * 2);
  });

  it('two uses of one reset code: exactly one 204', async () => {
    const user = await signUp(t.app);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: user.email },
    });
    expect(requested.statusCode).toBe(204);
    await t.app.outbox.drain();
    const code = t.mails.findLast((mail) => mail.to === user.email)?.text.match(/Your code: (\w{10})/)?.[1];
    expect(code).toBeDefined();

    const confirm = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { code, newPassword },
      });
    const responses = await Promise.all([confirm('first password'), confirm('second password')]);
    expect(statuses(responses)).toEqual([204, 400]);
    expect(responses.find((r) => r.statusCode === 400)!.json().error.code).toBe('expired-code');

    // The password is the winner's.
    const winner = responses[0]!.statusCode === 204 ? 'first password' : 'second password';
    const loser = winner === 'first password' ? 'second password' : 'first password';
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password } });
    expect((await signIn(loser)).statusCode).toBe(400);
    expect((await signIn(winner)).statusCode).toBe(200);
  });

  it('two sign-ups with the same e-mail: one 201, one 409, one account', async () => {
    const email = uniqueEmail('race');
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { email, password: 'correct horse', displayName: 'Racer' },
      });
    const responses = await Promise.all([attempt(), attempt()]);
    expect(statuses(responses)).toEqual([201, 409]);
    expect(await t.app.ctx.db.select().from(staff).where(eq(staff.email, email))).toHaveLength(1);
  });

  it('organisations created at once with the same name get distinct slugs', async () => {
    const user = await signUp(t.app);
    const name = `Simultaneous ${Date.now().toString(36)}`;
    const created = await Promise.all(
      Array.from({ length: 3 }, () => createOrganization(t.app, user.accessToken, name)),
    );
    expect(new Set(created.map((organization) => organization.slug)).size).toBe(3);
  });
});
