import { readFileSync } from 'node:fs';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { stripeAccounts } from '@guichet/db/schema/payments';
import {
  financePeriodClosings,
  journalAccountCodes,
  payouts,
  payoutTransactions,
} from '@guichet/db/schema/payouts';
import type { PayoutDetail, PayoutList } from '@guichet/shared/payouts';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { refundOrder } from './finances';
import { orderIdOf, type Shop } from './orders';
import { cardOrder, type StripeTest, sessionIdOf } from './payments';
import { orgHeaders } from './teams';

/** Payout reconciliation through the API and the fake Stripe, as finance staff and Stripe would do it. */

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fakes/fixtures/${name}`, import.meta.url), 'utf8')) as unknown;

/** Recorded balance transactions: an adjustment, a type the sync does not know, a charge not ours. */
export const extraTransactions = () => fixture('payout-extra-transactions.json') as Record<string, unknown>[];
/** A recorded payout object, as Stripe sends it in `payout.paid`. */
export const recordedPayout = () => fixture('payout-paid.json') as Record<string, unknown>;

export async function stripeAccountOf(app: App, organizationId: string) {
  const [row] = await app.ctx.db
    .select()
    .from(stripeAccounts)
    .where(eq(stripeAccounts.organizationId, organizationId));
  if (!row) throw new Error('no Stripe account');
  return row.stripeAccountId;
}

/** A card order paid through the fake's Checkout; its id. */
export async function paidCardOrder(s: StripeTest, shop: Shop, quantity = 2) {
  const order = await cardOrder(s.t.app, shop, quantity);
  expect((await s.fake.pay(sessionIdOf(order.checkoutUrl))).status).toBe(200);
  return orderIdOf(s.t.app, order.code);
}

export async function refundCard(app: App, shop: Shop, orderId: string, amountMinor: number) {
  const response = await refundOrder(app, shop, orderId, { ticketIds: [], amountMinor });
  expect(response.statusCode, response.body).toBe(200);
}

export function financesCall(
  app: App,
  shop: Shop,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token = shop.admin.accessToken,
) {
  return app.inject({ method, url, headers: orgHeaders(token, shop.organizationId), payload });
}

export async function payoutList(app: App, shop: Shop) {
  const response = await financesCall(app, shop, 'GET', '/api/finances/payouts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayoutList>().items;
}

export async function payoutDetailOf(app: App, shop: Shop, stripePayoutId: string) {
  const found = (await payoutList(app, shop)).find((payout) => payout.stripePayoutId === stripePayoutId);
  if (!found) throw new Error(`payout ${stripePayoutId} not synced`);
  const response = await financesCall(app, shop, 'GET', `/api/finances/payouts/${found.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayoutDetail>();
}

/** Everything reconciliation writes, to prove a refused call changed nothing. */
export async function reconciliationRows(app: App, organizationId: string) {
  const db = app.ctx.db;
  return {
    ledger: await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.organizationId, organizationId))
      .orderBy(asc(ledgerEntries.id)),
    payouts: await db
      .select()
      .from(payouts)
      .where(eq(payouts.organizationId, organizationId))
      .orderBy(asc(payouts.id)),
    transactions: await db
      .select()
      .from(payoutTransactions)
      .where(eq(payoutTransactions.organizationId, organizationId))
      .orderBy(asc(payoutTransactions.id)),
    closing: await db
      .select()
      .from(financePeriodClosings)
      .where(eq(financePeriodClosings.organizationId, organizationId)),
    accountCodes: await db
      .select()
      .from(journalAccountCodes)
      .where(eq(journalAccountCodes.organizationId, organizationId)),
  };
}
