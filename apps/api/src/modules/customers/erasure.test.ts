import { randomUUID } from 'node:crypto';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { orders } from '@guichet/db/schema/orders';
import { auditLog } from '@guichet/db/schema/teams';
import type { CustomerPage } from '@guichet/shared/customers';
import type { OrderDetail } from '@guichet/shared/orders';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financesGet, periodQuery, refundOrder } from '../../../test/support/finances';
import { bearer, createTestApp, type TestContext } from '../../../test/support/harness';
import {
  bought,
  newShop,
  orderBody,
  orderIdOf,
  type Shop,
  TEST_ENV,
  typeId,
} from '../../../test/support/orders';
import { addList, redeem, scan } from '../../../test/support/scan';
import type { App } from '../../app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, SCAN_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => t.close());

/** Every text, character, array and JSON column of every table in the database, and the rows naming `needle`. */
async function everywhere(app: App, needles: string[]) {
  const columns = (
    (await app.ctx.db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
        and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')`)) as unknown as {
      rows: { table_name: string; column_name: string }[];
    }
  ).rows;
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const result = (await app.ctx.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
          where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
      )) as unknown as { rows: { n: number }[] };
      if ((result.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name} has ${needle}`);
    }
  }
  return found;
}

/** A person with everything the back office can hold about them. */
async function personWithHistory(shop: Shop) {
  const suffix = randomUUID().slice(0, 8);
  const person = { name: `Zélie Quenneville ${suffix}`, email: `zelie.${suffix}@example.com` };
  const friend = `Friend Abernathy ${suffix}`;
  // A box-office sale with the tickets mailed and named attendees (the person and a friend).
  const sale = await shop.call('POST', `/api/events/${shop.event.id}/orders`, {
    buyer: person,
    lines: [{ ticketTypeId: typeId(shop), quantity: 2, attendeeNames: [person.name, friend] }],
    payment: 'paid',
    sendEmail: true,
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const order = sale.json<OrderDetail>();
  // An online order with an idempotency key, paid offline, then refunded in part, with a receipt.
  const online = await t.app.inject({
    method: 'POST',
    url: `/api/public/events/${shop.orgSlug}/${shop.event.slug}/orders`,
    headers: { 'idempotency-key': randomUUID() },
    payload: orderBody(shop, { buyer: { ...person, email: person.email.toUpperCase() } }),
  });
  expect(online.statusCode, online.body).toBe(201);
  const onlineId = await orderIdOf(t.app, online.json<{ code: string }>().code);
  expect((await shop.call('POST', `/api/orders/${onlineId}/mark-paid`)).statusCode).toBe(200);
  const refund = await refundOrder(t.app, shop, onlineId, {
    amountMinor: 500,
    reason: `Asked by ${person.name}`,
  });
  expect(refund.statusCode, refund.body).toBeLessThan(300);
  const receipt = await shop.call('POST', `/api/finances/orders/${order.id}/documents`, { kind: 'receipt' });
  expect(receipt.statusCode, receipt.body).toBe(201);
  // A check-in of the first ticket.
  const door = await addList(shop);
  const ticket = order.tickets[0];
  await redeem(shop, scan(ticket?.secret ?? '', [door.id]));
  // The customer's own record: edited (audited), a note, consent, a list and a tag.
  const page = (
    await shop.call('GET', `/api/customers?q=${encodeURIComponent(person.email)}`)
  ).json<CustomerPage>();
  const customerId = page.items[0]?.id ?? '';
  expect(customerId).not.toBe('');
  const edited = await shop.call('PATCH', `/api/customers/${customerId}`, {
    phone: '+33 6 12 34 56 78',
    notes: `${person.name} prefers the balcony`,
    tags: ['vip'],
  });
  expect(edited.statusCode, edited.body).toBe(200);
  await shop.call('POST', `/api/customers/${customerId}/notes`, {
    body: `Called ${person.name} about parking`,
  });
  await shop.call('POST', `/api/customers/${customerId}/consents`, {
    granted: true,
    wording: `${person.name} agreed by phone`,
  });
  const list = (await shop.call('POST', '/api/member-lists', { name: `Club ${suffix}` })).json<{
    id: string;
  }>();
  await shop.call('POST', `/api/member-lists/${list.id}/members`, { customerIds: [customerId] });
  return { person, friend, customerId, orderIds: [order.id, onlineId] };
}

describe('erasing a person', () => {
  it('removes their e-mail and name from every column of every table and keeps the money totals', async () => {
    const shop = await newShop(t.app);
    // Another buyer of the same organisation stays as they were.
    const other = await bought(t.app, shop, orderBody(shop));
    const { person, friend, customerId, orderIds } = await personWithHistory(shop);
    expect(await everywhere(t.app, [person.email, person.name])).not.toEqual([]);
    const summaryBefore = await financesGet(t.app, shop, `/api/finances/summary?${periodQuery()}`);
    expect(summaryBefore.statusCode, summaryBefore.body).toBe(200);
    const ledgerBefore = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.organizationId, shop.organizationId))
      .orderBy(asc(ledgerEntries.id));
    const ordersBefore = await t.app.ctx.db
      .select({
        id: orders.id,
        total: orders.totalMinor,
        refunded: orders.refundedMinor,
        status: orders.status,
      })
      .from(orders)
      .where(eq(orders.organizationId, shop.organizationId))
      .orderBy(asc(orders.id));

    const wrong = await shop.call('POST', `/api/customers/${customerId}/erase`, {
      confirmEmail: 'someone@else.org',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('argument-error');
    expect(wrong.body).toContain('body.confirmEmail');

    const erased = await shop.call('POST', `/api/customers/${customerId}/erase`, {
      confirmEmail: ` ${person.email.toUpperCase()} `,
    });
    expect(erased.statusCode, erased.body).toBe(204);

    expect(await everywhere(t.app, [person.email, person.name, friend, '12 34 56 78'])).toEqual([]);
    const summaryAfter = await financesGet(t.app, shop, `/api/finances/summary?${periodQuery()}`);
    expect(summaryAfter.json()).toEqual(summaryBefore.json());
    const ledgerAfter = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.organizationId, shop.organizationId))
      .orderBy(asc(ledgerEntries.id));
    // The ledger keeps every entry and amount; only a reason naming the person lost the name.
    const withoutReasons = (rows: typeof ledgerBefore) => rows.map(({ reason: _reason, ...row }) => row);
    expect(withoutReasons(ledgerAfter)).toEqual(withoutReasons(ledgerBefore));
    expect(ledgerAfter.some((row) => row.reason === 'Asked by [erased]')).toBe(true);
    const ordersAfter = await t.app.ctx.db
      .select({
        id: orders.id,
        total: orders.totalMinor,
        refunded: orders.refundedMinor,
        status: orders.status,
      })
      .from(orders)
      .where(eq(orders.organizationId, shop.organizationId))
      .orderBy(asc(orders.id));
    expect(ordersAfter).toEqual(ordersBefore);
    for (const orderId of orderIds) {
      const detail = await shop.call('GET', `/api/orders/${orderId}`);
      expect(detail.statusCode, detail.body).toBe(200);
    }

    expect((await shop.call('GET', `/api/customers/${customerId}`)).statusCode).toBe(404);
    // Audited, with counts only (the search above already proved no entry names the person).
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, customerId), eq(auditLog.action, 'customer.erased')));
    expect(entry?.after).toMatchObject({ records: 1, orders: 2, tickets: 4 });
    // The other buyer is untouched.
    const others = (
      await shop.call('GET', `/api/customers?q=${encodeURIComponent(other.buyer.email)}`)
    ).json<CustomerPage>();
    expect(others.items).toHaveLength(1);
  });

  it('erases the records merged into the person too, and is refused with the merged address', async () => {
    const shop = await newShop(t.app);
    const suffix = randomUUID().slice(0, 8);
    const home = { name: `Hortense Vallancourt ${suffix}`, email: `hortense.${suffix}@example.com` };
    const work = { name: `H. Vallancourt ${suffix}`, email: `h.vallancourt.${suffix}@work.example` };
    for (const buyer of [home, work]) await bought(t.app, shop, orderBody(shop, { buyer }));
    const ids: string[] = [];
    for (const buyer of [home, work]) {
      const page = (
        await shop.call('GET', `/api/customers?q=${encodeURIComponent(buyer.email)}`)
      ).json<CustomerPage>();
      ids.push(page.items[0]?.id ?? '');
    }
    const merged = await shop.call('POST', `/api/customers/${ids[0]}/merges`, { mergedId: ids[1] });
    expect(merged.statusCode, merged.body).toBe(201);
    const byWork = await shop.call('POST', `/api/customers/${ids[1]}/erase`, { confirmEmail: work.email });
    expect(byWork.statusCode).toBe(400);
    const done = await shop.call('POST', `/api/customers/${ids[1]}/erase`, { confirmEmail: home.email });
    expect(done.statusCode, done.body).toBe(204);
    expect(await everywhere(t.app, [home.email, work.email, home.name, work.name])).toEqual([]);
    expect((await shop.call('GET', `/api/customers/${ids[1]}`)).statusCode).toBe(404);
  });

  it('asks for a confirmation and answers 404 for an unknown customer', async () => {
    const shop = await newShop(t.app);
    const missing = await shop.call('POST', `/api/customers/${randomUUID()}/erase`, {
      confirmEmail: 'a@b.c',
    });
    expect(missing.statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${randomUUID()}/erase`,
      headers: { ...bearer(shop.admin.accessToken), 'x-organization-id': shop.organizationId },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('argument-error');
  });
});
