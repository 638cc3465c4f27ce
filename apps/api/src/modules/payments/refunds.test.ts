import { customers } from '@guichet/db/schema/orders';
import { refunds } from '@guichet/db/schema/payments';
import type { OrderDetail } from '@guichet/shared/orders';
import type { Permission } from '@guichet/shared/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import {
  bought,
  counts,
  newShop,
  orderBody,
  orderIdOf,
  ordersSnapshot,
  type Shop,
} from '../../../test/support/orders';
import {
  cardOrder,
  connectStripe,
  publicOrder,
  type StripeTest,
  sessionIdOf,
  stripeTestApp,
} from '../../../test/support/payments';
import { addStaff, orgHeaders } from '../../../test/support/teams';

let s: StripeTest;
beforeAll(async () => {
  s = await stripeTestApp();
});
afterAll(async () => s.close());

const app = () => s.t.app;

function refund(shop: Shop, orderId: string, payload: object, token = shop.admin.accessToken) {
  return app().inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refunds`,
    headers: orgHeaders(token, shop.organizationId),
    payload,
  });
}

/** A paid card order of `quantity` tickets at 2500 (through the fake Checkout and its webhook). */
async function paidCardOrder(quantity = 2, capacity = 10) {
  const shop = await newShop(app(), [{ name: 'Standard', priceMinor: 2500, capacity }]);
  await connectStripe(app(), shop);
  const order = await cardOrder(app(), shop, quantity);
  const paid = await s.fake.pay(sessionIdOf(order.checkoutUrl));
  expect(paid.status).toBe(200);
  const orderId = await orderIdOf(app(), order.code);
  return { shop, order, orderId, paymentIntent: String(paid.event.data.object.payment_intent) };
}

/** A paid offline order of `quantity` tickets at 2500 (marked paid by staff). */
async function paidOfflineOrder(quantity = 2) {
  const shop = await newShop(app(), [{ name: 'Standard', priceMinor: 2500, capacity: 10 }]);
  const order = await bought(
    app(),
    shop,
    orderBody(shop, { lines: [{ ticketTypeId: shop.event.ticketTypes[0]?.id ?? '', quantity }] }),
  );
  const orderId = await orderIdOf(app(), order.code);
  const marked = await app().inject({
    method: 'POST',
    url: `/api/orders/${orderId}/mark-paid`,
    headers: orgHeaders(shop.admin.accessToken, shop.organizationId),
  });
  expect(marked.statusCode, marked.body).toBe(200);
  return { shop, order, orderId };
}

async function spentBy(email: string) {
  const [row] = await app().ctx.db.select().from(customers).where(eq(customers.email, email));
  return row?.totalSpentMinor;
}

describe('refunds', () => {
  it('refunds one ticket of an offline order: the ticket is refunded, its seat freed once, spend lowered, buyer told', async () => {
    const { shop, order, orderId } = await paidOfflineOrder(2);
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 2 }] });
    const ticketId = order.tickets[0]?.id ?? '';
    const response = await refund(shop, orderId, { ticketIds: [ticketId], reason: 'Cannot come' });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<OrderDetail>();
    expect(detail.refundedMinor).toBe(2500);
    expect(detail.tickets.map((ticket) => ticket.status)).toEqual(['refunded', 'valid']);
    expect(detail.payments).toMatchObject([{ provider: 'offline', amountMinor: 5000 }]);
    expect(detail.refunds).toMatchObject([
      {
        provider: 'offline',
        amountMinor: 2500,
        status: 'succeeded',
        ticketIds: [ticketId],
        reason: 'Cannot come',
        actorName: 'Olga Organiser',
      },
    ]);
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 1 }] });
    expect(await spentBy(order.buyer.email)).toBe(2500);
    await app().outbox.drain();
    const mail = s.t.mails.filter((m) => m.to === order.buyer.email).at(-1);
    expect(mail?.subject).toContain('Refund');
    expect(mail?.text).toContain('One ticket is cancelled');

    // The same ticket again: refused, nothing moves.
    const before = await ordersSnapshot(app(), shop.organizationId);
    const again = await refund(shop, orderId, { ticketIds: [ticketId] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ticket-not-refundable');
    expect(await ordersSnapshot(app(), shop.organizationId)).toEqual(before);
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 1 }] });
  });

  it('refunds part of a card payment through Stripe, with the platform fee given back in proportion', async () => {
    const { shop, orderId, paymentIntent } = await paidCardOrder(2);
    const response = await refund(shop, orderId, { amountMinor: 1000 });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<OrderDetail>();
    expect(detail.refunds).toMatchObject([{ provider: 'stripe', amountMinor: 1000, status: 'succeeded' }]);
    expect(detail.refunds[0]?.reference).toMatch(/^re_/);
    expect(detail.tickets.map((ticket) => ticket.status)).toEqual(['valid', 'valid']);
    expect(s.fake.intents.get(paymentIntent)).toMatchObject({ amount: 5000, refunded: 1000 });
    expect(s.fake.refunds.at(-1)).toMatchObject({ amount: 1000, refund_application_fee: true });
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 2 }] });
  });

  it('refunds a card order in full: every ticket, every seat, the whole amount', async () => {
    const { shop, order, orderId, paymentIntent } = await paidCardOrder(3);
    const response = await refund(shop, orderId, { ticketIds: order.tickets.map((ticket) => ticket.id) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OrderDetail>().refundedMinor).toBe(7500);
    expect(s.fake.intents.get(paymentIntent)).toMatchObject({ refunded: 7500 });
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 0, held: 0 }] });
    expect(await spentBy(order.buyer.email)).toBe(0);
    const view = await publicOrder(app(), order.code);
    expect(view.tickets.every((ticket) => ticket.status === 'refunded' && ticket.secret === null)).toBe(true);
  });

  it('refuses more than what is left of the payment (422 refund-exceeds-paid), changing nothing', async () => {
    const { shop, orderId, paymentIntent } = await paidCardOrder(2);
    expect((await refund(shop, orderId, { amountMinor: 4000 })).statusCode).toBe(200);
    const before = await ordersSnapshot(app(), shop.organizationId);
    const over = await refund(shop, orderId, { amountMinor: 1001 });
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatchObject({
      code: 'refund-exceeds-paid',
      details: { refundableMinor: 1000 },
    });
    expect(await ordersSnapshot(app(), shop.organizationId)).toEqual(before);
    expect(s.fake.intents.get(paymentIntent)).toMatchObject({ refunded: 4000 });
    expect((await refund(shop, orderId, { amountMinor: 1000 })).statusCode).toBe(200);
  });

  it('refuses orders with nothing paid, and bad bodies', async () => {
    const shop = await newShop(app());
    const order = await bought(app(), shop, orderBody(shop));
    const orderId = await orderIdOf(app(), order.code);
    const pending = await refund(shop, orderId, { amountMinor: 100 });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.code).toBe('invalid-order-status');
    expect((await refund(shop, orderId, {})).statusCode).toBe(400);
    expect((await refund(shop, orderId, { amountMinor: -5 })).statusCode).toBe(400);
    expect((await refund(shop, orderId, { amountMinor: 1.5 })).statusCode).toBe(400);
  });

  it('keeps a card refund pending when Stripe is down and the job sends it later, once', async () => {
    const { shop, orderId, paymentIntent } = await paidCardOrder(2);
    s.fake.state.failNext = 3;
    const response = await refund(shop, orderId, { amountMinor: 500 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OrderDetail>().refunds).toMatchObject([{ status: 'pending', amountMinor: 500 }]);
    expect(s.fake.intents.get(paymentIntent)).toMatchObject({ refunded: 0 });
    const { retryPendingRefunds } = await import('./refunds.service');
    await retryPendingRefunds(app().ctx, app().log, new Date(Date.now() + 60_000));
    await retryPendingRefunds(app().ctx, app().log, new Date(Date.now() + 60_000));
    const [row] = await app().ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row?.status).toBe('succeeded');
    expect(s.fake.intents.get(paymentIntent)).toMatchObject({ refunded: 500 });
  });
});

describe('refund permissions', () => {
  it.each([[['EVENT']], [['FINANCE']]] as Permission[][][])(
    'are granted to %s staff',
    async (permissions) => {
      const { shop, orderId } = await paidOfflineOrder(1);
      const member = await addStaff(app(), shop.organizationId, permissions);
      const response = await refund(shop, orderId, { amountMinor: 100 }, member.accessToken);
      expect(response.statusCode, response.body).toBe(200);
    },
  );

  it.each([[['DASHBOARD']], [['SCAN']], [['MEMBER']]] as Permission[][][])(
    'are refused to %s staff, changing nothing',
    async (permissions) => {
      const { shop, orderId } = await paidOfflineOrder(1);
      const member = await addStaff(app(), shop.organizationId, permissions);
      const before = await ordersSnapshot(app(), shop.organizationId);
      const response = await refund(shop, orderId, { amountMinor: 100 }, member.accessToken);
      expect(response.statusCode).toBe(403);
      expect(await ordersSnapshot(app(), shop.organizationId)).toEqual(before);
    },
  );

  it('do not reach another organisation’s order (403 with its header, 404 with one’s own)', async () => {
    const { shop, orderId } = await paidOfflineOrder(1);
    const outsider = await newShop(app());
    const before = await ordersSnapshot(app(), shop.organizationId);
    const foreign = await app().inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: orgHeaders(outsider.admin.accessToken, shop.organizationId),
      payload: { amountMinor: 100 },
    });
    expect(foreign.statusCode).toBe(403);
    const own = await refund(outsider, orderId, { amountMinor: 100 });
    expect(own.statusCode).toBe(404);
    expect(await ordersSnapshot(app(), shop.organizationId)).toEqual(before);
  });
});

describe.runIf(onPostgres)('concurrent refunds (PostgreSQL)', () => {
  it('never give back more than was paid', async () => {
    const { shop, orderId, paymentIntent } = await paidCardOrder(2);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => refund(shop, orderId, { amountMinor: 1000 })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(7);
    const rows = await app().ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(5000);
    expect(s.fake.intents.get(paymentIntent)).toMatchObject({ refunded: 5000 });
  }, 30_000);

  it('free a ticket’s seat exactly once when the same ticket is refunded at once by many', async () => {
    const { shop, order, orderId } = await paidCardOrder(3);
    const ticketId = order.tickets[1]?.id ?? '';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(shop, orderId, { ticketIds: [ticketId] })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(statuses.some((status) => status >= 500)).toBe(false);
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 2, held: 0 }] });
    const rows = await app().ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amountMinor).toBe(2500);
  }, 30_000);
});
