import { memberCodes } from '@guichet/db/schema/gating';
import { orders, tickets } from '@guichet/db/schema/orders';
import type { EventDetail } from '@guichet/shared/events';
import type { PublicEvent, PublicOrder } from '@guichet/shared/orders';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFor,
  codeMailedTo,
  type GatedShop,
  gatedOrder,
  gatedShop,
  requestCode,
} from '../../../test/support/gating';
import { createTestApp, type TestContext, uniqueEmail } from '../../../test/support/harness';
import { buy, TEST_ENV } from '../../../test/support/orders';
import { addStaff, orgHeaders } from '../../../test/support/teams';
import { withEventHead } from '../public/event-page-html';

let t: TestContext;
let shop: GatedShop;
const ann = 'ann.member@example.com';
const ben = 'ben.member@example.com';

beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await gatedShop(t, [ann, ben, 'cat.member@example.com', 'dan.member@example.com'], {
    maxPerMember: 2,
  });
});
afterAll(async () => t.close());

const refusal = (response: { statusCode: number; json: () => unknown }) =>
  (response.json() as { error: { code: string } }).error.code;

async function ordersOf(email: string) {
  return t.app.ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.organizationId, shop.organizationId), sql`lower(${orders.buyerEmail}) = ${email}`));
}

describe('a members-only ticket type on the public page', () => {
  it('shows as members-only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${shop.orgSlug}/${shop.event.slug}`,
    });
    const types = response.json<PublicEvent>().ticketTypes;
    expect(types.map((type) => [type.name, type.membersOnly])).toEqual([
      ['Standard', false],
      ['Members', true],
    ]);
  });

  it('is left out of the schema.org offers search engines read', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${shop.orgSlug}/${shop.event.slug}`,
    });
    const html = withEventHead(
      '<html><head><title>x</title></head></html>',
      response.json(),
      'https://x.test',
    );
    const offers = JSON.parse(/application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}').offers;
    expect(offers.map((offer: { name: string }) => offer.name)).toEqual(['Standard']);
  });

  it('answers a code request the same way for a listed and an unlisted address, mailing only the first', async () => {
    const stranger = uniqueEmail('stranger');
    const listed = await requestCode(t, shop, 'Cat.Member@Example.com');
    const unlisted = await requestCode(t, shop, stranger);
    expect(listed.statusCode).toBe(202);
    expect(unlisted.statusCode).toBe(202);
    expect(listed.body).toBe(unlisted.body);
    expect(await codeMailedTo(t, 'Cat.Member@Example.com')).toMatch(/^\d{6}$/);
    expect(await codeMailedTo(t, stranger)).toBeUndefined();
    // Only the HMAC is kept.
    const [row] = await t.app.ctx.db
      .select()
      .from(memberCodes)
      .where(eq(memberCodes.email, 'cat.member@example.com'));
    expect(row?.codeHash).not.toContain(await codeMailedTo(t, 'Cat.Member@Example.com'));
    expect(row?.ticketTypeIds).toEqual([shop.gatedTypeId]);
  });
});

describe('an order of members-only tickets', () => {
  it('is refused without a code, and the public type still sells without one', async () => {
    const response = await buy(t.app, shop, gatedOrder(shop, ann));
    expect(response.statusCode).toBe(400);
    expect(refusal(response)).toBe('member-code-required');
    const open = await buy(t.app, shop, {
      buyer: { name: 'Pat Public', email: uniqueEmail('public') },
      lines: [{ ticketTypeId: shop.event.ticketTypes[0]?.id, quantity: 1 }],
      paymentMethod: 'offline',
    });
    expect(open.statusCode, open.body).toBe(201);
  });

  it('is refused with a wrong code, and accepted with the right one, once', async () => {
    const code = await codeFor(t, shop, ann);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await buy(t.app, shop, gatedOrder(shop, ann, wrong));
    expect(refused.statusCode).toBe(400);
    expect(refusal(refused)).toBe('member-code-invalid');
    const placed = await buy(t.app, shop, gatedOrder(shop, ann, ` ${code.slice(0, 3)}-${code.slice(3)} `));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<PublicOrder>().status).toBe('paid');
    const again = await buy(t.app, shop, gatedOrder(shop, ann, code));
    expect(again.statusCode).toBe(409);
    expect(refusal(again)).toBe('member-code-used');
    expect(await ordersOf(ann)).toHaveLength(1);
  });

  it('is refused with a code sent to another address, listed or not', async () => {
    const bensCode = await codeFor(t, shop, ben);
    const asDan = await buy(t.app, shop, gatedOrder(shop, 'dan.member@example.com', bensCode));
    expect(asDan.statusCode).toBe(400);
    expect(refusal(asDan)).toBe('member-code-invalid');
    const stranger = uniqueEmail('stranger');
    const asStranger = await buy(t.app, shop, gatedOrder(shop, stranger, bensCode));
    expect(refusal(asStranger)).toBe('member-code-invalid');
    expect(await ordersOf(stranger)).toHaveLength(0);
    // Ben's code is still his.
    expect((await buy(t.app, shop, gatedOrder(shop, ben, bensCode))).statusCode).toBe(201);
  });

  it('is refused with an expired code', async () => {
    const email = 'dan.member@example.com';
    const code = await codeFor(t, shop, email);
    await t.app.ctx.db
      .update(memberCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberCodes.email, email));
    const response = await buy(t.app, shop, gatedOrder(shop, email, code));
    expect(response.statusCode).toBe(400);
    expect(refusal(response)).toBe('member-code-expired');
    expect(await ordersOf(email)).toHaveLength(0);
  });

  it('stops a code after too many wrong tries, even the right one', async () => {
    const email = 'cat.member@example.com';
    const code = await codeFor(t, shop, email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      expect(refusal(await buy(t.app, shop, gatedOrder(shop, email, wrong)))).toBe('member-code-invalid');
    }
    expect(refusal(await buy(t.app, shop, gatedOrder(shop, email, code)))).toBe('member-code-invalid');
    // A new code works.
    const fresh = await codeFor(t, shop, email);
    expect((await buy(t.app, shop, gatedOrder(shop, email, fresh))).statusCode).toBe(201);
  });

  it('is refused after the buyer was removed from the list, even with a code sent before', async () => {
    const email = uniqueEmail('leaving');
    const added = await shop.call('POST', `/api/member-lists/${shop.list.id}/members`, {
      people: [{ email }],
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const code = await codeFor(t, shop, email);
    const members = await shop.call('GET', `/api/member-lists/${shop.list.id}/members?limit=100`);
    const member = members
      .json<{ items: { customerId: string; email: string }[] }>()
      .items.find((item) => item.email === email);
    const removed = await shop.call(
      'DELETE',
      `/api/member-lists/${shop.list.id}/members/${member?.customerId}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const response = await buy(t.app, shop, gatedOrder(shop, email, code));
    expect(response.statusCode).toBe(403);
    expect(refusal(response)).toBe('member-not-listed');
    // The code was not spent by the refused order.
    const [row] = await t.app.ctx.db.select().from(memberCodes).where(eq(memberCodes.email, email));
    expect(row?.usedAt).toBeNull();
  });

  it('is refused once the membership’s validity has ended', async () => {
    const email = uniqueEmail('lapsed');
    const added = await shop.call('POST', `/api/member-lists/${shop.list.id}/members`, {
      people: [{ email }],
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const code = await codeFor(t, shop, email);
    // Its validity ends yesterday (as staff would set it, straight in the table for the test).
    await t.app.ctx.db.execute(
      sql`update member_list_members set valid_until = to_char(now() - interval '2 days', 'YYYY-MM-DD')
          where list_id = ${shop.list.id} and customer_id = (select id from customers where email = ${email})`,
    );
    const response = await buy(t.app, shop, gatedOrder(shop, email, code));
    expect(refusal(response)).toBe('member-not-listed');
    // An address whose membership has lapsed gets no code either.
    const asked = await requestCode(t, shop, email);
    expect(asked.statusCode).toBe(202);
    await t.app.outbox.drain();
    expect(t.mails.filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it('holds the per-member maximum across the member’s orders', async () => {
    const email = uniqueEmail('greedy');
    await shop.call('POST', `/api/member-lists/${shop.list.id}/members`, { people: [{ email }] });
    expect((await buy(t.app, shop, gatedOrder(shop, email, await codeFor(t, shop, email)))).statusCode).toBe(
      201,
    );
    const tooMany = await buy(t.app, shop, gatedOrder(shop, email, await codeFor(t, shop, email), 2));
    expect(tooMany.statusCode).toBe(409);
    expect(refusal(tooMany)).toBe('member-limit-reached');
    const code = await codeFor(t, shop, email);
    expect((await buy(t.app, shop, gatedOrder(shop, email, code))).statusCode).toBe(201);
    const held = await t.app.ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(and(eq(tickets.ticketTypeId, shop.gatedTypeId), eq(orders.buyerEmail, email)));
    expect(held).toHaveLength(2);
  });
});

describe('the staff side of a members-only type', () => {
  it('needs at least one of the organisation’s own lists', async () => {
    const other = await gatedShop(t, []);
    const base = { name: 'Club', priceMinor: 0, capacity: 10, visibility: 'members' };
    const none = await shop.call('POST', `/api/events/${shop.event.id}/ticket-types`, base);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details[0].path).toBe('body.memberListIds');
    const foreign = await shop.call('POST', `/api/events/${shop.event.id}/ticket-types`, {
      ...base,
      memberListIds: [other.list.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details[0].path).toBe('body.memberListIds.0');
  });

  it('is set and changed by ALL and EVENT staff, not by others', async () => {
    const eventStaff = await addStaff(t.app, shop.organizationId, ['EVENT']);
    const memberStaff = await addStaff(t.app, shop.organizationId, ['MEMBER']);
    const url = `/api/events/${shop.event.id}/ticket-types/${shop.gatedTypeId}`;
    const patch = (token: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url, headers: orgHeaders(token, shop.organizationId), payload });
    expect((await patch(memberStaff.accessToken, { maxPerMember: 5 })).statusCode).toBe(403);
    const changed = await patch(eventStaff.accessToken, { maxPerMember: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    const type = changed.json<EventDetail>().ticketTypes.find((item) => item.id === shop.gatedTypeId);
    expect(type).toMatchObject({ memberListIds: [shop.list.id], maxPerMember: 5 });
    const choices = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/events/member-lists',
        headers: orgHeaders(token, shop.organizationId),
      });
    expect((await choices(memberStaff.accessToken)).statusCode).toBe(403);
    const offered = await choices(eventStaff.accessToken);
    expect(offered.json()).toEqual({
      items: [{ id: shop.list.id, name: 'Season members' }],
      nextCursor: null,
    });
    // Back to 2 for the other tests; a type made public loses its lists.
    expect((await patch(eventStaff.accessToken, { maxPerMember: 2 })).statusCode).toBe(200);
  });

  it('drops the gate when the type is no longer members-only', async () => {
    const own = await gatedShop(t, []);
    const url = `/api/events/${own.event.id}/ticket-types/${own.gatedTypeId}`;
    const opened = await own.call('PATCH', url, { visibility: 'public' });
    const type = opened.json<EventDetail>().ticketTypes.find((item) => item.id === own.gatedTypeId);
    expect(type).toMatchObject({ visibility: 'public', memberListIds: [], maxPerMember: null });
  });
});
