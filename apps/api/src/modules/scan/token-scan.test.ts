import { checkinLog } from '@guichet/db/schema/scan';
import type { CreatedApiToken } from '@guichet/shared/integrations';
import type { RedeemAnswer } from '@guichet/shared/scan';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { type Door, issue, newDoor, reasonOf, scan, TEST_ENV } from '../../../test/support/scan';
import { orgHeaders } from '../../../test/support/teams';

/**
 * Door hardware scans with an organisation's API token (decision 034): a token holding SCAN redeems as a
 * scanner would; without SCAN it is refused (403), revoked or unknown it is not admitted (401).
 */
let t: TestContext;
let door: Door;

beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  door = await newDoor(t.app);
});
afterAll(async () => t?.close());

async function token(permissions: string[]): Promise<CreatedApiToken> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/tokens',
    headers: orgHeaders(door.shop.admin.accessToken, door.shop.organizationId),
    payload: { name: `Gate ${permissions.join('+')}`, permissions },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
}

const redeemWith = (secret: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/scan/redeem',
    headers: { authorization: `Bearer ${secret}` },
    payload: body,
  });

describe('the scanner’s redeem with an API token', () => {
  it('admits a ticket once for a SCAN token, then says it was already used', async () => {
    const { secret, token: made } = await token(['SCAN']);
    const [ticket] = await issue(door.shop);
    if (!ticket) throw new Error('no ticket');
    const first = await redeemWith(secret, scan(ticket.secret, [door.list.id]));
    expect(first.statusCode, first.body).toBe(200);
    const admitted = first.json<RedeemAnswer>();
    expect(admitted).toMatchObject({ result: 'ok', direction: 'entry', ticket: { id: ticket.id } });
    const second = await redeemWith(secret, scan(ticket.secret, [door.list.id]));
    expect(second.statusCode, second.body).toBe(200);
    const refused = second.json<RedeemAnswer>();
    expect(reasonOf(refused)).toBe('already-used');
    // The log names the token's maker, as every column that needs a person does.
    const logged = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.ticketId, ticket.id));
    expect(logged.map((row) => [row.admitted, row.staffId]).sort()).toEqual([
      [false, door.shop.admin.user.id],
      [true, door.shop.admin.user.id],
    ]);
    expect(made.permissions).toEqual(['SCAN']);
  });

  it('checks a ticket in by its short code with a SCAN token too', async () => {
    const { secret } = await token(['SCAN']);
    const [ticket] = await issue(door.shop);
    if (!ticket) throw new Error('no ticket');
    const typed = await redeemWith(secret, scan(ticket.shortCode, [door.list.id]));
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json<RedeemAnswer>().result).toBe('ok');
  });

  it('refuses a token without SCAN (403) and records nothing', async () => {
    const { secret } = await token(['DASHBOARD']);
    const [ticket] = await issue(door.shop);
    if (!ticket) throw new Error('no ticket');
    const refused = await redeemWith(secret, scan(ticket.secret, [door.list.id]));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    // A bad body from such a token still hears 403, never the schema's details.
    const badBody = await redeemWith(secret, { listIds: 'nope' });
    expect(badBody.statusCode).toBe(403);
    const logged = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.ticketId, ticket.id));
    expect(logged).toEqual([]);
  });

  it('does not admit a revoked token (401), nor an unknown one', async () => {
    const { secret, token: made } = await token(['SCAN']);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/integrations/tokens/${made.id}`,
      headers: orgHeaders(door.shop.admin.accessToken, door.shop.organizationId),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const [ticket] = await issue(door.shop);
    if (!ticket) throw new Error('no ticket');
    const refused = await redeemWith(secret, scan(ticket.secret, [door.list.id]));
    expect(refused.statusCode).toBe(401);
    const unknown = await redeemWith(`gch_${'A'.repeat(43)}`, scan(ticket.secret, [door.list.id]));
    expect(unknown.statusCode).toBe(401);
    const logged = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.ticketId, ticket.id));
    expect(logged).toEqual([]);
  });
});
