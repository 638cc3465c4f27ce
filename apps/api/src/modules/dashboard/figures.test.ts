import { customers } from '@guichet/db/schema/orders';
import type { DashboardFigures } from '@guichet/shared/dashboard';
import type { OrderDetail, PublicOrder } from '@guichet/shared/orders';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardGet, dayFromToday, recomputeFigures } from '../../../test/support/dashboard';
import { cancelOrder, markPaid, refundOrder } from '../../../test/support/finances';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { buy, newShop, orderBody, orderIdOf, type Shop, typeId } from '../../../test/support/orders';
import { addList, redeem, scan, TEST_ENV } from '../../../test/support/scan';
import { orgHeaders } from '../../../test/support/teams';
import { settleBuyerSince } from './buyer-since.repository';
import { tallyPaidOrders } from './paid-tally.repository';

/**
 * The dashboard's figures under random activity (free, offline and box-office orders, payments, refunds,
 * cancellations, returning buyers, admissions and exits at the gate) equal a recompute in plain code from
 * the ledger, the orders, the customers and the check-in log, for the period and for the previous one.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

type Op =
  | { op: 'order'; method: 'free' | 'offline'; quantity: number; returning: boolean }
  | { op: 'boxOffice'; quantity: number }
  | { op: 'markPaid'; pick: number }
  | { op: 'refund'; pick: number; share: number }
  | { op: 'cancel'; pick: number }
  | { op: 'scan'; pick: number; exit: boolean }
  | { op: 'settle' }
  | { op: 'tally' }
  | { op: 'age'; pick: number };

const pick = fc.nat(1000);
const operation: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('order' as const),
    method: fc.constantFrom('free' as const, 'offline' as const),
    quantity: fc.integer({ min: 1, max: 3 }),
    returning: fc.boolean(),
  }),
  fc.record({ op: fc.constant('boxOffice' as const), quantity: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ op: fc.constant('markPaid' as const), pick }),
  fc.record({ op: fc.constant('refund' as const), pick, share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ op: fc.constant('cancel' as const), pick }),
  fc.record({ op: fc.constant('scan' as const), pick, exit: fc.boolean() }),
  // The leader's job copying the buyers' first orders onto the paid orders, at random moments: the
  // figures must be the same whatever it has copied.
  fc.record({ op: fc.constant('settle' as const) }),
  // The leader's job tallying paid orders per day and hour, at random moments too.
  fc.record({ op: fc.constant('tally' as const) }),
  // A customer known since before the period (as an import of older customers would make them): their
  // orders in the period make them returning.
  fc.record({ op: fc.constant('age' as const), pick }),
);

interface World {
  shop: Shop;
  listId: string;
  orders: string[];
  secrets: string[];
}

const RETURNING_EMAIL = 'regular@example.com';

async function run(w: World, op: Op): Promise<number> {
  const { shop } = w;
  const headers = orgHeaders(shop.admin.accessToken, shop.organizationId);
  const chosen = w.orders.length > 0 && 'pick' in op ? w.orders[op.pick % w.orders.length] : undefined;
  switch (op.op) {
    case 'order': {
      const body = orderBody(shop, {
        paymentMethod: op.method,
        lines: [{ ticketTypeId: typeId(shop, op.method === 'free' ? 0 : 1), quantity: op.quantity }],
      });
      if (op.returning) body.buyer = { ...body.buyer, email: RETURNING_EMAIL };
      const response = await buy(t.app, shop, body);
      if (response.statusCode === 201)
        w.orders.push(await orderIdOf(t.app, response.json<PublicOrder>().code));
      return response.statusCode;
    }
    case 'boxOffice': {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/events/${shop.event.id}/orders`,
        headers,
        payload: {
          buyer: { name: 'Walk In', email: 'walk-in@example.com' },
          lines: [{ ticketTypeId: typeId(shop, 1), quantity: op.quantity }],
          payment: 'paid',
          sendEmail: false,
        },
      });
      if (response.statusCode === 201) {
        const order = response.json<OrderDetail>();
        w.orders.push(order.id);
        for (const ticket of order.tickets) if (ticket.secret) w.secrets.push(ticket.secret);
      }
      return response.statusCode;
    }
    case 'markPaid':
      return chosen ? (await markPaid(t.app, shop, chosen)).statusCode : 200;
    case 'cancel':
      return chosen ? (await cancelOrder(t.app, shop, chosen)).statusCode : 200;
    case 'refund': {
      if (!chosen) return 200;
      const order = (
        await t.app.inject({ method: 'GET', url: `/api/orders/${chosen}`, headers })
      ).json<OrderDetail>();
      const refundable = order.totalMinor - order.refundedMinor;
      if (refundable <= 0) return 200;
      const amountMinor = Math.max(1, Math.ceil((refundable * op.share) / 100));
      return (await refundOrder(t.app, shop, chosen, { ticketIds: [], amountMinor })).statusCode;
    }
    case 'settle':
      await settleBuyerSince(t.app.ctx.db);
      return 200;
    case 'tally':
      await tallyPaidOrders(t.app.ctx.db);
      return 200;
    case 'age': {
      const people = await t.app.ctx.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.organizationId, shop.organizationId))
        .orderBy(customers.id);
      const person = people[op.pick % Math.max(1, people.length)];
      if (person)
        await t.app.ctx.db
          .update(customers)
          .set({ firstOrderAt: new Date(Date.now() - 10 * 86_400_000) })
          .where(eq(customers.id, person.id));
      return 200;
    }
    case 'scan': {
      const secret = w.secrets.length > 0 ? w.secrets[op.pick % w.secrets.length] : undefined;
      if (!secret) return 200;
      await redeem(shop, scan(secret, [w.listId], { direction: op.exit ? 'exit' : 'entry' }));
      return 200;
    }
  }
}

async function figuresOf(shop: Shop, from: string, to: string) {
  const response = await dashboardGet(
    t.app,
    shop.admin.accessToken,
    shop.organizationId,
    `/api/dashboard/figures?from=${from}&to=${to}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DashboardFigures>();
}

describe('the dashboard figures', () => {
  it('equal a recompute from ledger, orders, customers and check-ins over random activity', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 12 }), async (ops) => {
        const shop = await newShop(t.app, [
          { name: 'Free', priceMinor: 0, capacity: 100 },
          { name: 'Standard', priceMinor: 2500, capacity: 100 },
        ]);
        const list = await addList(shop);
        const w: World = { shop, listId: list.id, orders: [], secrets: [] };
        for (const op of ops) expect(await run(w, op)).toBeLessThan(500);

        // The activity is in the period around today, and in the period before the days after tomorrow.
        const around = await figuresOf(shop, dayFromToday(-1), dayFromToday(1));
        expect(around.current).toEqual(
          await recomputeFigures(t.app, shop.organizationId, dayFromToday(-1), dayFromToday(1)),
        );
        const later = await figuresOf(shop, dayFromToday(2), dayFromToday(4));
        expect(later.previous).toEqual(
          await recomputeFigures(t.app, shop.organizationId, dayFromToday(-1), dayFromToday(1)),
        );
        expect(later.current.orders).toBe(0);
        // Once the jobs have copied every buyer's first order and tallied every paid order, the same figures.
        await settleBuyerSince(t.app.ctx.db);
        await tallyPaidOrders(t.app.ctx.db);
        expect((await figuresOf(shop, dayFromToday(-1), dayFromToday(1))).current).toEqual(around.current);
        const sold = around.series.reduce((sum, point) => sum + point.grossMinor, 0);
        expect(sold).toBe(around.current.currencies.reduce((sum, c) => sum + c.grossMinor, 0));
      }),
      { numRuns: 8, endOnFailure: true },
    );
  }, 600_000);

  it('counts a buyer as new once, then as returning in a later period', async () => {
    const shop = await newShop(t.app);
    const first = await buy(t.app, shop, orderBody(shop, { paymentMethod: 'offline' }));
    expect(first.statusCode).toBe(201);
    const id = await orderIdOf(t.app, first.json<PublicOrder>().code);
    expect((await markPaid(t.app, shop, id)).statusCode).toBe(200);
    const today = await figuresOf(shop, dayFromToday(0), dayFromToday(0));
    expect(today.bucket).toBe('hour');
    expect(today.current).toMatchObject({
      orders: 1,
      ticketsSold: 2,
      newCustomers: 1,
      returningCustomers: 0,
    });
    expect(today.current.currencies).toEqual([
      expect.objectContaining({ currency: 'EUR', grossMinor: 5000, paidOrders: 1, averageOrderMinor: 5000 }),
    ]);
    // The order carries a copy of its buyer's first order now; changing the record clears it.
    expect(await settleBuyerSince(t.app.ctx.db)).toBeGreaterThan(0);
    // The same buyer seen first ten days ago: today's order makes them returning, not new.
    await t.app.ctx.db
      .update(customers)
      .set({ firstOrderAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(customers.organizationId, shop.organizationId));
    const again = await figuresOf(shop, dayFromToday(0), dayFromToday(0));
    expect(again.current).toMatchObject({ newCustomers: 0, returningCustomers: 1 });
    expect(again.current).toEqual(
      await recomputeFigures(t.app, shop.organizationId, dayFromToday(0), dayFromToday(0)),
    );
  });

  it('refuses a bad period with 400', async () => {
    const shop = await newShop(t.app);
    for (const query of [
      '',
      'from=2026-02-01&to=2026-01-01',
      'from=2020-01-01&to=2026-01-01',
      'from=x&to=y',
      'from=2026-01-01&to=2026-01-02&tz=Mars/Olympus',
    ]) {
      const response = await dashboardGet(
        t.app,
        shop.admin.accessToken,
        shop.organizationId,
        `/api/dashboard/figures?${query}`,
      );
      expect(response.statusCode, query).toBe(400);
    }
  });
});
