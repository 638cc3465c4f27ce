import { ledgerEntries } from '@guichet/db/schema/ledger';
import { payments, refunds } from '@guichet/db/schema/payments';
import type { OrderDetail } from '@guichet/shared/orders';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { fakeProcessingFee } from '../fakes/stripe';
import { bought, orderBody, orderIdOf, type Shop, typeId } from './orders';
import { orgHeaders } from './teams';

/** Money flows of the finances tests, through the API as staff and buyers would do them. */

/** A buyer's offline order (pending payment); its id. */
export async function offlineOrder(app: App, shop: Shop, quantity = 2, typeIndex = 0) {
  const order = await bought(
    app,
    shop,
    orderBody(shop, { lines: [{ ticketTypeId: typeId(shop, typeIndex), quantity }] }),
  );
  return { order, orderId: await orderIdOf(app, order.code) };
}

export function markPaid(app: App, shop: Shop, orderId: string, token = shop.admin.accessToken) {
  return app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/mark-paid`,
    headers: orgHeaders(token, shop.organizationId),
  });
}

export function refundOrder(app: App, shop: Shop, orderId: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refunds`,
    headers: orgHeaders(shop.admin.accessToken, shop.organizationId),
    payload,
  });
}

export function cancelOrder(app: App, shop: Shop, orderId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/cancel`,
    headers: orgHeaders(shop.admin.accessToken, shop.organizationId),
    payload: {},
  });
}

/** A box-office sale (paid or comp) of `quantity` tickets; its detail. */
export async function boxOfficeOrder(
  app: App,
  shop: Shop,
  quantity = 1,
  payment: 'paid' | 'comp' = 'paid',
): Promise<OrderDetail> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/events/${shop.event.id}/orders`,
    headers: orgHeaders(shop.admin.accessToken, shop.organizationId),
    payload: {
      buyer: { name: 'Walk In', email: 'walk-in@example.com' },
      lines: [{ ticketTypeId: typeId(shop), quantity }],
      payment,
      sendEmail: false,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderDetail>();
}

/** The organisation's ledger rows, oldest first. */
export async function ledgerOf(app: App, organizationId: string) {
  return app.ctx.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.organizationId, organizationId))
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.id));
}

/** Calls a finances endpoint as `token` (the shop's admin by default). */
export function financesGet(app: App, shop: Shop, url: string, token = shop.admin.accessToken) {
  return app.inject({ method: 'GET', url, headers: orgHeaders(token, shop.organizationId) });
}

/** Today and a wide period around it, as the summary takes them. */
export const today = () => new Date().toISOString().slice(0, 10);
export const periodQuery = (extra = '') =>
  `from=${new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10)}${extra}`;

/**
 * The organisation's money recomputed from the orders' own records (payments and refunds) and the fake
 * Stripe's fee rule, without the ledger: what the summary must equal, per currency.
 */
export async function recompute(app: App, organizationId: string) {
  const db = app.ctx.db;
  const [paid, back] = await Promise.all([
    db.select().from(payments).where(eq(payments.organizationId, organizationId)),
    db.select().from(refunds).where(eq(refunds.organizationId, organizationId)),
  ]);
  const out = new Map<
    string,
    { grossMinor: number; refundsMinor: number; feesMinor: number; netMinor: number }
  >();
  const of = (currency: string) => {
    const entry = out.get(currency) ?? { grossMinor: 0, refundsMinor: 0, feesMinor: 0, netMinor: 0 };
    out.set(currency, entry);
    return entry;
  };
  for (const payment of paid) {
    const entry = of(payment.currency);
    entry.grossMinor += payment.amountMinor;
    entry.feesMinor += payment.applicationFeeMinor;
    // Stripe's own fee, as the fake's balance transactions compute it.
    if (payment.provider === 'stripe')
      entry.feesMinor += fakeProcessingFee(payment.amountMinor, payment.applicationFeeMinor);
  }
  for (const refund of back) {
    if (refund.status !== 'failed') of(refund.currency).refundsMinor += refund.amountMinor;
  }
  for (const entry of out.values()) entry.netMinor = entry.grossMinor - entry.refundsMinor - entry.feesMinor;
  return Object.fromEntries([...out].filter(([, entry]) => entry.grossMinor > 0 || entry.refundsMinor > 0));
}
