import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../../test/support/events';
import { bearer, createTestApp, refreshCookieOf, type TestContext } from '../../../test/support/harness';
import { issue, newDoor, reasonOf, redeem, scan, TEST_ENV } from '../../../test/support/scan';

// Ending every session must refuse the access tokens already issued at their very next request, on every
// kind of route: signed-in, organisation-scoped, and the scanner's redeem with its remembered token and
// its scans judged from known state.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => t.close());

/** A door whose admin has scanned a few tickets, so the scanner remembers the token and knows the event. */
async function warmDoor() {
  const door = await newDoor(t.app);
  const tickets = await issue(door.shop, 4);
  for (const ticket of tickets.slice(0, 2)) {
    expect(reasonOf(await redeem(door.shop, scan(ticket.secret, [door.list.id])))).toBe('ok');
  }
  return { door, spare: tickets.slice(2) };
}

/** Every kind of route refuses `token` with 401, the scanner included. */
async function expectRefusedEverywhere(door: Awaited<ReturnType<typeof warmDoor>>) {
  const { shop } = door.door;
  const scanned = await shop.call(
    'POST',
    '/api/scan/redeem',
    scan(door.spare[0]!.secret, [door.door.list.id]),
  );
  expect(scanned.statusCode, scanned.body).toBe(401);
  const events = await shop.call('GET', '/api/events');
  expect(events.statusCode).toBe(401);
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/staffs/me',
    headers: bearer(shop.admin.accessToken),
  });
  expect(me.statusCode).toBe(401);
}

async function freshToken(cookie: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    cookies: { guichet_refresh: cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ accessToken: string }>().accessToken;
}

describe('ending every session refuses access tokens already issued', () => {
  it('a password change: old tokens 401 at once; the device that changed it keeps a working session', async () => {
    const warm = await warmDoor();
    const { shop } = warm.door;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(shop.admin.accessToken),
      payload: { currentPassword: shop.admin.password, newPassword: 'an entirely new secret' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await expectRefusedEverywhere(warm);

    const token = await freshToken(refreshCookieOf(changed));
    const call = client(t.app, token, shop.organizationId);
    expect((await call('GET', '/api/events')).statusCode).toBe(200);
    const answer = await redeem(shop, scan(warm.spare[0]!.secret, [warm.door.list.id]), call);
    expect(reasonOf(answer)).toBe('ok');
  });

  it('a password reset: old tokens 401 at once', async () => {
    const warm = await warmDoor();
    const { admin } = warm.door.shop;
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: admin.email } });
    await t.app.outbox.drain();
    const code = t.mails
      .findLast((mail) => mail.to === admin.email)
      ?.text.match(/Your code: ([2-9A-Z]{10})/)?.[1];
    expect(code).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { code, newPassword: 'reset to something new' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    await expectRefusedEverywhere(warm);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: admin.email, password: 'reset to something new' },
    });
    expect(signIn.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/staffs/me',
      headers: bearer(signIn.json<{ accessToken: string }>().accessToken),
    });
    expect(me.statusCode).toBe(200);
  });

  it('"sign out everywhere": old tokens 401 at once, every refresh cookie is refused, this one cleared', async () => {
    const warm = await warmDoor();
    const { admin } = warm.door.shop;
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: admin.email, password: admin.password },
    });
    const everywhere = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(admin.accessToken),
      cookies: { guichet_refresh: admin.refreshCookie },
    });
    expect(everywhere.statusCode, everywhere.body).toBe(204);
    expect(String(everywhere.headers['set-cookie'])).toMatch(/guichet_refresh=;/);
    await expectRefusedEverywhere(warm);
    const otherToken = other.json<{ accessToken: string }>().accessToken;
    const me = await t.app.inject({ method: 'GET', url: '/api/staffs/me', headers: bearer(otherToken) });
    expect(me.statusCode).toBe(401);
    for (const cookie of [admin.refreshCookie, refreshCookieOf(other)]) {
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        cookies: { guichet_refresh: cookie },
      });
      expect(refreshed.statusCode).toBe(401);
    }
  });

  it('"sign out everywhere" needs a session', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions' });
    expect(response.statusCode).toBe(401);
  });

  it('a deleted account: its tokens 401 at once, the scanner’s remembered token included', async () => {
    const warm = await warmDoor();
    const { shop } = warm.door;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(shop.admin.accessToken),
      payload: { password: shop.admin.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expectRefusedEverywhere(warm);
  });
});
