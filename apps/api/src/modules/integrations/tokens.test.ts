import { apiTokens } from '@guichet/db/schema/integrations';
import { auditLog } from '@guichet/db/schema/teams';
import type { ApiToken, ApiTokenPage, CreatedApiToken } from '@guichet/shared/integrations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBody } from '../../../test/support/events';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, typeId } from '../../../test/support/orders';
import { addStaff, newTeam, orgHeaders, type Team } from '../../../test/support/teams';

let t: TestContext;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await newTeam(t.app, 'Tokens Org');
});
afterAll(async () => t?.close());

const asAdmin = () => orgHeaders(team.admin.accessToken, team.organizationId);
const asToken = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function createToken(
  body: Record<string, unknown>,
  headers: Record<string, string> = asAdmin(),
): Promise<CreatedApiToken> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/tokens',
    headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
}

describe('API tokens', () => {
  it('answers the secret once, keeps only its hash and lists the token without it', async () => {
    const created = await createToken({ name: 'CRM sync', permissions: ['EVENT'] });
    expect(created.secret).toMatch(/^gch_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: 'CRM sync', permissions: ['EVENT'], status: 'active' });
    const [row] = await t.app.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.token.id));
    expect(row?.tokenHash).not.toContain(created.secret);
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));
    const list = await t.app.inject({ method: 'GET', url: '/api/integrations/tokens', headers: asAdmin() });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret.slice(12));
    expect(list.json<ApiTokenPage>().items.map((item) => item.id)).toContain(created.token.id);
  });

  it('with EVENT reads events and is refused customers and finances (403)', async () => {
    const { secret } = await createToken({ name: 'Events only', permissions: ['EVENT'] });
    const events = await t.app.inject({ method: 'GET', url: '/api/events', headers: asToken(secret) });
    expect(events.statusCode, events.body).toBe(200);
    expect(events.headers.ratelimit).toMatch(/^"api-token";r=\d+;t=\d+$/);
    expect(events.headers['ratelimit-policy']).toBe('"api-token";q=600;w=60');
    for (const url of ['/api/customers', '/api/finances/summary', '/api/integrations/tokens']) {
      const refused = await t.app.inject({ method: 'GET', url, headers: asToken(secret) });
      expect(refused.statusCode, url).toBe(403);
    }
  });

  it("is refused another organisation's id (403) and session-only routes (401)", async () => {
    const { secret } = await createToken({ name: 'Scoped', permissions: ['ALL'] });
    const other = await newTeam(t.app, 'Other Org');
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { ...asToken(secret), 'x-organization-id': other.organizationId },
    });
    expect(foreign.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { ...asToken(secret), 'x-organization-id': team.organizationId },
    });
    expect(own.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/staffs/me', headers: asToken(secret) });
    expect(me.statusCode).toBe(401);
  });

  it('gets 401 once revoked or expired, and for an unknown secret', async () => {
    const { token, secret } = await createToken({ name: 'To revoke', permissions: ['EVENT'] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/events', headers: asToken(secret) })).statusCode,
    ).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/integrations/tokens/${token.id}`,
      headers: asAdmin(),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<ApiToken>().status).toBe('revoked');
    const afterRevoke = await t.app.inject({ method: 'GET', url: '/api/events', headers: asToken(secret) });
    expect(afterRevoke.statusCode).toBe(401);

    const soon = await createToken({
      name: 'Short-lived',
      permissions: ['EVENT'],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.app.ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, soon.token.id));
    const expired = await t.app.inject({ method: 'GET', url: '/api/events', headers: asToken(soon.secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('token-expired');

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: asToken(`gch_${'x'.repeat(43)}`),
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('refuses an expiry in the past (400) and an empty permission set (400)', async () => {
    for (const payload of [
      { name: 'Past', permissions: ['EVENT'], expiresAt: new Date(Date.now() - 1000).toISOString() },
      { name: 'None', permissions: [] },
      { name: '', permissions: ['EVENT'] },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/integrations/tokens',
        headers: asAdmin(),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("audits a token's writes as the token", async () => {
    const created = await createToken({ name: 'Event importer', permissions: ['EVENT'] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: asToken(created.secret),
      payload: eventBody({ name: 'Imported concert' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const eventId = response.json<{ id: string }>().id;
    const entries = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, team.organizationId), eq(auditLog.targetId, eventId)));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.actorTokenId).toBe(created.token.id);
    // A staff member's own writes name no token.
    const ownEvent = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: asAdmin(),
      payload: eventBody(),
    });
    const own = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, ownEvent.json<{ id: string }>().id));
    expect(own.every((entry) => entry.actorTokenId === null)).toBe(true);
    const [row] = await t.app.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.token.id));
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it('names the token in the audit of a box-office order it places', async () => {
    const shop = await newShop(t.app);
    const created = await createToken(
      { name: 'Box office kiosk', permissions: ['EVENT'] },
      orgHeaders(shop.admin.accessToken, shop.organizationId),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/events/${shop.event.id}/orders`,
      headers: asToken(created.secret),
      payload: {
        buyer: { name: 'Kiosk Buyer', email: 'kiosk@example.com' },
        lines: [{ ticketTypeId: typeId(shop), quantity: 1 }],
        payment: 'comp',
        sendEmail: false,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const orderId = response.json<{ id: string }>().id;
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, 'order.placed')));
    expect(entry?.actorTokenId).toBe(created.token.id);
    expect(entry?.actorStaffId).toBe(shop.admin.user.id);
  });

  it('manages tokens only when it holds ALL; only ALL staff manage tokens', async () => {
    const events = await createToken({ name: 'Events', permissions: ['EVENT', 'FINANCE', 'MEMBER'] });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/tokens',
      headers: asToken(events.secret),
      payload: { name: 'Escalate', permissions: ['ALL'] },
    });
    expect(refused.statusCode).toBe(403);
    const all = await createToken({ name: 'Admin robot', permissions: ['ALL'] });
    const made = await createToken({ name: 'Made by a token', permissions: ['EVENT'] }, asToken(all.secret));
    expect(made.token.createdBy?.staffId).toBe(team.admin.user.id);
    const [entry] = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, made.token.id));
    expect(entry?.actorTokenId).toBe(all.token.id);

    const manager = await addStaff(t.app, team.organizationId, ['EVENT', 'FINANCE', 'MEMBER'], 'Eve Events');
    const byManager = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/tokens',
      headers: orgHeaders(manager.accessToken, team.organizationId),
    });
    expect(byManager.statusCode).toBe(403);
  });

  it('stops working when its maker is no longer staff of the organisation', async () => {
    const admin2 = await addStaff(t.app, team.organizationId, ['ALL'], 'Alex Admin');
    const created = await createToken(
      { name: 'Departing', permissions: ['EVENT'] },
      orgHeaders(admin2.accessToken, team.organizationId),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/events', headers: asToken(created.secret) }))
        .statusCode,
    ).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/members/${admin2.user.id}`,
      headers: asAdmin(),
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/events', headers: asToken(created.secret) }))
        .statusCode,
    ).toBe(401);
  });
});
