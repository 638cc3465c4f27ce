import type { FinancesSummary } from '@guichet/shared/finances';
import type { OrderDetail, PublicOrder } from '@guichet/shared/orders';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelOrder,
  financesGet,
  markPaid,
  periodQuery,
  recompute,
  refundOrder,
} from '../../../test/support/finances';
import { buy, newShop, orderBody, orderIdOf, type Shop, typeId } from '../../../test/support/orders';
import { connectStripe, type StripeTest, sessionIdOf, stripeTestApp } from '../../../test/support/payments';
import { orgHeaders } from '../../../test/support/teams';
import { checkLedger } from '../ledger/ledger.service';
import { foldLedger } from '../ledger/rollup.repository';

/**
 * Random sequences of free, offline and card orders, payments, partial and full refunds and cancellations,
 * some sent at once: whatever happens, the ledger equals every order's lines minus its refunds, and the
 * finances summary equals a recompute from the orders' payments and refunds.
 */

let s: StripeTest;
beforeAll(async () => {
  s = await stripeTestApp();
});
afterAll(async () => s.close());
const app = () => s.t.app;

type Op =
  | { op: 'order'; method: 'free' | 'offline' | 'stripe'; quantity: number; vip: boolean }
  | { op: 'markPaid'; pick: number }
  | { op: 'payCard'; pick: number }
  | { op: 'refundAmount'; pick: number; share: number }
  | { op: 'refundTicket'; pick: number }
  | { op: 'cancel'; pick: number }
  | { op: 'boxOffice'; quantity: number }
  /** The roll-up's job (decision 036): what it folded and what it did not must add up the same. */
  | { op: 'fold' };

const pick = fc.nat(1000);
const single: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('order' as const),
    method: fc.constantFrom('free' as const, 'offline' as const, 'stripe' as const),
    quantity: fc.integer({ min: 1, max: 3 }),
    vip: fc.boolean(),
  }),
  fc.record({ op: fc.constant('markPaid' as const), pick }),
  fc.record({ op: fc.constant('payCard' as const), pick }),
  fc.record({ op: fc.constant('refundAmount' as const), pick, share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ op: fc.constant('refundTicket' as const), pick }),
  fc.record({ op: fc.constant('cancel' as const), pick }),
  fc.record({ op: fc.constant('boxOffice' as const), quantity: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ op: fc.constant('fold' as const) }),
);
/** A step: one operation, or two or three sent at once. */
const step = fc.oneof(
  { weight: 3, arbitrary: single.map((op) => [op]) },
  { weight: 1, arbitrary: fc.array(single, { minLength: 2, maxLength: 3 }) },
);

interface Placed {
  id: string;
  method: 'free' | 'offline' | 'stripe';
  checkoutUrl: string | null;
}

async function run(shop: Shop, placed: Placed[], op: Op): Promise<number> {
  const headers = orgHeaders(shop.admin.accessToken, shop.organizationId);
  const chosen = placed.length > 0 && 'pick' in op ? placed[op.pick % placed.length] : undefined;
  switch (op.op) {
    case 'order': {
      const response = await buy(
        app(),
        shop,
        orderBody(shop, {
          paymentMethod: op.method,
          lines: [
            { ticketTypeId: typeId(shop, op.method === 'free' ? 0 : op.vip ? 2 : 1), quantity: op.quantity },
          ],
        }),
      );
      if (response.statusCode === 201) {
        const order = response.json<PublicOrder>();
        placed.push({
          id: await orderIdOf(app(), order.code),
          method: op.method,
          checkoutUrl: order.checkoutUrl ?? null,
        });
      }
      return response.statusCode;
    }
    case 'boxOffice': {
      const response = await app().inject({
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
      if (response.statusCode === 201)
        placed.push({ id: response.json<OrderDetail>().id, method: 'offline', checkoutUrl: null });
      return response.statusCode;
    }
    case 'fold':
      await foldLedger(app().ctx.db);
      return 200;
    case 'markPaid':
      return chosen ? (await markPaid(app(), shop, chosen.id)).statusCode : 200;
    case 'payCard': {
      if (!chosen?.checkoutUrl) return 200;
      const paid = await s.fake.pay(sessionIdOf(chosen.checkoutUrl)).catch(() => ({ status: 200 }));
      return paid.status;
    }
    case 'cancel':
      return chosen ? (await cancelOrder(app(), shop, chosen.id)).statusCode : 200;
    case 'refundAmount':
    case 'refundTicket': {
      if (!chosen) return 200;
      const detail = await app().inject({ method: 'GET', url: `/api/orders/${chosen.id}`, headers });
      const order = detail.json<OrderDetail>();
      const refundable = order.totalMinor - order.refundedMinor;
      const payload =
        op.op === 'refundAmount'
          ? { ticketIds: [], amountMinor: Math.max(1, Math.ceil((refundable * op.share) / 100)) }
          : {
              ticketIds: order.tickets
                .filter((ticket) => ticket.status === 'valid')
                .slice(0, 1)
                .map((t) => t.id),
            };
      return (await refundOrder(app(), shop, chosen.id, payload)).statusCode;
    }
  }
}

describe('the ledger under random money flows', () => {
  it('keeps drift 0 and makes the summary equal the recompute', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const shop = await newShop(app(), [
          { name: 'Free', priceMinor: 0, capacity: 50 },
          { name: 'Standard', priceMinor: 2500, capacity: 50 },
          { name: 'VIP', priceMinor: 4150, capacity: 50 },
        ]);
        await connectStripe(app(), shop);
        const placed: Placed[] = [];
        for (const ops of steps) {
          const statuses = await Promise.all(ops.map((op) => run(shop, placed, op)));
          for (const status of statuses) expect(status).toBeLessThan(500);
        }
        expect(await checkLedger(app().ctx.db, shop.organizationId)).toEqual([]);
        const response = await financesGet(app(), shop, `/api/finances/summary?${periodQuery()}`);
        expect(response.statusCode, response.body).toBe(200);
        const { currencies } = response.json<FinancesSummary>();
        const figures = Object.fromEntries(
          currencies.map(({ currency, grossMinor, refundsMinor, feesMinor, netMinor }) => [
            currency,
            { grossMinor, refundsMinor, feesMinor, netMinor },
          ]),
        );
        expect(figures).toEqual(await recompute(app(), shop.organizationId));
      }),
      { numRuns: 12, endOnFailure: true },
    );
  }, 600_000);
});
