import { customers, orders } from '@guichet/db/schema/orders';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import {
  buy,
  counts,
  keyHashesOf,
  newShop,
  orderBody,
  orderIdOf,
  type Shop,
  TEST_ENV,
  typeId,
} from '../../../test/support/orders';
import { keyLock } from './idempotency';

// PGlite has one connection, so nothing runs concurrently there: these tests need PostgreSQL
// (TEST_DATABASE_URL). Each would fail if capacity were checked outside the guarded UPDATEs, if two
// transactions could take rows in different orders (deadlocks answer 500), or if a status change were
// not conditional.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.app.ctx.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Deadlocks PostgreSQL has detected in this database (statistics may lag; they never over-count). */
const deadlocks = () =>
  count(sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`);

function tally(responses: { statusCode: number; json(): { error?: { code: string } } }[]) {
  const by = (status: number) => responses.filter((response) => response.statusCode === status).length;
  return {
    created: by(201),
    soldOut: responses.filter((r) => r.statusCode === 409 && r.json().error?.code === 'sold-out').length,
    serverErrors: responses.filter((response) => response.statusCode >= 500).length,
  };
}

async function ordersOf(shop: Shop) {
  return t.app.ctx.db.select().from(orders).where(eq(orders.eventId, shop.event.id));
}

describe.skipIf(!onPostgres)('selling under concurrency (PostgreSQL)', () => {
  it('200 buyers racing for 50 seats: exactly 50 orders, the rest sold out, no 5xx, no deadlock', async () => {
    const shop = await newShop(t.app, [{ name: 'Rush', priceMinor: 0, capacity: 50 }]);
    const before = await deadlocks();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        buy(
          t.app,
          shop,
          orderBody(shop, { lines: [{ ticketTypeId: typeId(shop), quantity: 1 }], paymentMethod: 'free' }),
        ),
      ),
    );
    expect(tally(responses)).toEqual({ created: 50, soldOut: 150, serverErrors: 0 });
    expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 50, held: 0 });
    const rows = await ordersOf(shop);
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(50);
    expect(await deadlocks()).toBe(before);
  });

  it('two ticket types sharing one pool, bought alone and together in both orders: the pool holds', async () => {
    const shop = await newShop(
      t.app,
      [
        { name: 'Seated', priceMinor: 0, capacity: 40, pool: true },
        { name: 'Standing', priceMinor: 0, capacity: 40, pool: true },
      ],
      { poolCapacity: 50 },
    );
    const [a, b] = [typeId(shop, 0), typeId(shop, 1)];
    const shapes = [
      [{ ticketTypeId: a, quantity: 1 }],
      [{ ticketTypeId: b, quantity: 1 }],
      [
        { ticketTypeId: a, quantity: 1 },
        { ticketTypeId: b, quantity: 1 },
      ],
      [
        { ticketTypeId: b, quantity: 1 },
        { ticketTypeId: a, quantity: 1 },
      ],
    ];
    const before = await deadlocks();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        buy(t.app, shop, orderBody(shop, { lines: shapes[i % shapes.length], paymentMethod: 'free' })),
      ),
    );
    const result = tally(responses);
    expect(result.serverErrors).toBe(0);
    expect(result.created + result.soldOut).toBe(200);
    const { types, pools } = await counts(t.app, shop.event.id);
    expect(pools[0]?.sold).toBe(50);
    expect((types[0]?.sold ?? 0) + (types[1]?.sold ?? 0)).toBe(50);
    expect(types.every((type) => type.sold <= 40)).toBe(true);
    const valid = await count(
      sql`select count(*)::int as n from tickets where event_id = ${shop.event.id} and status = 'valid'`,
    );
    expect(valid).toBe(50);
    expect(await deadlocks()).toBe(before);
  });

  it('the box office racing online buyers never sells past capacity', async () => {
    const shop = await newShop(t.app, [{ name: 'Door', priceMinor: 1500, capacity: 50 }]);
    const online = Array.from({ length: 100 }, () =>
      buy(t.app, shop, orderBody(shop, { lines: [{ ticketTypeId: typeId(shop), quantity: 1 }] })),
    );
    const desk = Array.from({ length: 100 }, () =>
      shop.call('POST', `/api/events/${shop.event.id}/orders`, {
        buyer: { name: 'Same Regular', email: 'regular@example.com' },
        lines: [{ ticketTypeId: typeId(shop), quantity: 1 }],
        payment: 'paid',
        sendEmail: false,
      }),
    );
    const responses = await Promise.all([...online, ...desk]);
    expect(tally(responses)).toMatchObject({ created: 50, soldOut: 150, serverErrors: 0 });
    expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 50, held: 0 });
    // Every box-office sale to the same person landed on one customer row.
    const deskSales = (await ordersOf(shop)).filter((row) => row.channel === 'box_office').length;
    const [customer] = await t.app.ctx.db
      .select()
      .from(customers)
      .where(
        and(eq(customers.organizationId, shop.organizationId), eq(customers.email, 'regular@example.com')),
      );
    expect(customer?.orderCount ?? 0).toBe(deskSales);
  });

  it('one Idempotency-Key sent ten times at once makes one order; the others replay it or are told to wait', async () => {
    const shop = await newShop(t.app, [{ name: 'Once', priceMinor: 0, capacity: 20 }]);
    const body = orderBody(shop, {
      lines: [{ ticketTypeId: typeId(shop), quantity: 1 }],
      paymentMethod: 'free',
    });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => buy(t.app, shop, body, 'same-key-0001')),
    );
    const created = responses.filter((response) => response.statusCode === 201);
    const waiting = responses.filter(
      (response) => response.statusCode === 409 && response.json().error.code === 'request-in-progress',
    );
    expect(created.length + waiting.length).toBe(10);
    expect(new Set(created.map((response) => response.json().code)).size).toBe(1);
    expect(await ordersOf(shop)).toHaveLength(1);
    expect((await counts(t.app, shop.event.id)).types[0]?.sold).toBe(1);
  });

  it('a key whose request is in flight (its lock held) gets 409 and no order; once it ends, the key works', async () => {
    const shop = await newShop(t.app, [{ name: 'Held', priceMinor: 0, capacity: 20 }]);
    const body = orderBody(shop, {
      lines: [{ ticketTypeId: typeId(shop), quantity: 1 }],
      paymentMethod: 'free',
    });
    const key = 'key-held-by-another-request';
    const hashes = keyHashesOf(shop, body, key);
    // Another request's order transaction, still open, holds the key's lock.
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${keyLock(shop.organizationId, hashes.keyHash)}::bigint)`,
      );
      const duplicate = await buy(t.app, shop, body, key);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error.code).toBe('request-in-progress');
    });
    expect(await ordersOf(shop)).toHaveLength(0);
    const first = await buy(t.app, shop, body, key);
    expect(first.statusCode).toBe(201);
    expect((await buy(t.app, shop, body, key)).json()).toEqual(first.json());
    expect(await ordersOf(shop)).toHaveLength(1);
  });

  it('cancelling one order from two desks at once frees its seats once', async () => {
    const shop = await newShop(t.app, [{ name: 'Twice', priceMinor: 0, capacity: 10 }]);
    const placed = await buy(
      t.app,
      shop,
      orderBody(shop, { lines: [{ ticketTypeId: typeId(shop), quantity: 4 }], paymentMethod: 'free' }),
    );
    const id = await orderIdOf(t.app, placed.json().code);
    await buy(
      t.app,
      shop,
      orderBody(shop, { lines: [{ ticketTypeId: typeId(shop), quantity: 3 }], paymentMethod: 'free' }),
    );
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => shop.call('POST', `/api/orders/${id}/cancel`)),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(5);
    expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 3, held: 0 });
  });
});
