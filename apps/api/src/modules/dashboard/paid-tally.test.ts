import type { Database } from '@guichet/db/client';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop } from '../../../test/support/orders';
import { activityFigures } from './figures.repository';
import { tallyPaidOrders } from './paid-tally.repository';

/**
 * The dashboard's orders and tickets of a period, read from the tally of paid orders per UTC day and hour
 * plus the orders not tallied yet, equal a count of the paid orders, whatever the job has tallied: in
 * whole-hour, half-hour and quarter-hour time zones (whose edges the tally's units do not cover), with
 * orders paid on and beside hour edges, paid times changed after tallying (taken back out by the trigger),
 * orders deleted, and tallies at random moments.
 */

let t: TestContext;
let db: Database;
let organizationId: string;
let eventId: string;
beforeAll(async () => {
  t = await createTestApp();
  db = t.app.ctx.db;
  const shop = await newShop(t.app);
  organizationId = shop.organizationId;
  eventId = shop.event.id;
}, 600_000);
afterAll(async () => t.close());

const DAY = 86_400_000;
const ZONES = ['UTC', 'Europe/Paris', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns'];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** An instant within the last 10 days, often right on or beside an hour's or a half hour's edge. */
const instant = fc
  .tuple(
    fc.integer({ min: 0, max: 10 * 24 }),
    fc.constantFrom(0, 1, 15 * 60_000, 30 * 60_000, 45 * 60_000 - 1, 3_599_999),
  )
  .map(
    ([hours, offset]) =>
      new Date((Math.floor((Date.now() - 10 * DAY) / 3_600_000) + hours) * 3_600_000 + offset),
  );

type Op =
  | { op: 'pay'; at: Date; tickets: number }
  | { op: 'move'; pick: number; at: Date }
  | { op: 'delete'; pick: number }
  | { op: 'tally' };

const operation: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('pay' as const), at: instant, tickets: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant('move' as const), pick: fc.nat(1000), at: instant }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat(1000) }),
  fc.record({ op: fc.constant('tally' as const) }),
);

let serial = 0;

async function run(op: Op) {
  const ids = async () =>
    rowsOf<{ id: string }>(
      await db.execute(sql`select id from orders where organization_id = ${organizationId} order by id`),
    ).map((row) => row.id);
  switch (op.op) {
    case 'pay':
      serial += 1;
      await db.execute(sql`
        insert into orders (id, organization_id, event_id, code, status, channel, payment_method, buyer_name,
          buyer_email, total_minor, currency, paid_at, created_at, updated_at, ticket_count)
        values (gen_random_uuid(), ${organizationId}, ${eventId}, ${`T${String(serial).padStart(8, '0')}`},
          'paid', 'online', 'offline', 'Buyer', 'buyer@example.com', 1000, 'EUR', ${op.at.toISOString()}::timestamptz,
          now(), now(), ${op.tickets})`);
      return;
    case 'move': {
      const all = await ids();
      const id = all[op.pick % Math.max(1, all.length)];
      if (id)
        await db.execute(
          sql`update orders set paid_at = ${op.at.toISOString()}::timestamptz where organization_id = ${organizationId} and id = ${id}`,
        );
      return;
    }
    case 'delete': {
      const all = await ids();
      const id = all[op.pick % Math.max(1, all.length)];
      if (id)
        await db.execute(sql`delete from orders where organization_id = ${organizationId} and id = ${id}`);
      return;
    }
    case 'tally':
      await tallyPaidOrders(db, { batch: 7 });
      return;
  }
}

/** The paid orders and their tickets of the days `from`..`to` in `tz`, counted from the orders. */
async function counted(tz: string, from: string, to: string) {
  const [row] = rowsOf<{ orders: number; tickets: number }>(
    await db.execute(sql`
      select count(*)::int as orders, coalesce(sum(ticket_count), 0)::int as tickets from orders
      where organization_id = ${organizationId} and paid_at is not null
        and paid_at >= (${from}::date)::timestamp at time zone ${tz}
        and paid_at < (${to}::date + 1)::timestamp at time zone ${tz}`),
  );
  return { orders: Number(row?.orders), tickets: Number(row?.tickets) };
}

describe('the tally of paid orders', () => {
  it('gives the orders and tickets of any period, tallied or not, in any time zone', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 5, maxLength: 25 }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: -10, max: 0 }),
        fc.integer({ min: 0, max: 9 }),
        async (ops, tz, start, length) => {
          for (const op of ops) await run(op);
          const from = day(start);
          const to = day(Math.min(0, start + length));
          const [read] = await activityFigures(db, organizationId, tz, [{ from, to }]);
          expect({ orders: read?.orders, tickets: read?.ticketsSold }).toEqual(await counted(tz, from, to));
        },
      ),
      { numRuns: 15 },
    );
    // Everything tallied: the same again, and the tally holds every paid order.
    while ((await tallyPaidOrders(db)) > 0) {}
    for (const tz of ZONES) {
      const [read] = await activityFigures(db, organizationId, tz, [{ from: day(-10), to: day(0) }]);
      expect({ orders: read?.orders, tickets: read?.ticketsSold }).toEqual(
        await counted(tz, day(-10), day(0)),
      );
    }
    const [untallied] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from orders
        where organization_id = ${organizationId} and paid_at is not null and not paid_tallied`),
    );
    expect(Number(untallied?.n)).toBe(0);
  });
});
