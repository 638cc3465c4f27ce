import { ledgerEntries } from '@guichet/db/schema/ledger';
import type { Adjustment, PayoutDetail } from '@guichet/shared/payouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newShop, type Shop } from '../../../test/support/orders';
import { connectStripe, type StripeTest, stripeTestApp } from '../../../test/support/payments';
import {
  extraTransactions,
  financesCall,
  paidCardOrder,
  payoutDetailOf,
  reconciliationRows,
  stripeAccountOf,
} from '../../../test/support/payouts';

/** Closing a period: back-dated adjustments and matches refused, the journal's bytes kept. */

let s: StripeTest;
beforeAll(async () => {
  s = await stripeTestApp();
});
afterAll(async () => s.close());

function app() {
  return s.t.app;
}

const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

async function adjust(body: object, token: string, on: Shop) {
  return financesCall(app(), on, 'POST', '/api/finances/adjustments', body, token);
}

const transactionOfType = (detail: PayoutDetail, type: string) => {
  const found = detail.transactions.find((transaction) => transaction.type === type);
  if (!found) throw new Error(`no ${type} transaction`);
  return found;
};

describe('a closed period', () => {
  let other: Shop;
  let otherAccount: string;
  beforeAll(async () => {
    other = await newShop(app());
    await connectStripe(app(), other);
    otherAccount = await stripeAccountOf(app(), other.organizationId);
  });

  const journal = async () => {
    const response = await financesCall(
      app(),
      other,
      'GET',
      `/api/finances/journal.csv?from=${isoDay(-10)}&to=${isoDay(-1)}&locale=fr`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  };

  it('refuses back-dated adjustments and manual matches, and its journal exports the same bytes again', async () => {
    await paidCardOrder(s, other, 1);
    const arrival = Math.floor((Date.now() - 3 * DAY) / 1000);
    const created = await s.fake.balance.createPayout(otherAccount, {
      extra: [extraTransactions()[1] as Record<string, unknown>],
      arrivalDate: arrival,
    });
    await s.fake.balance.setPayoutStatus(created.id, 'paid');
    const backdated = {
      amountMinor: -500,
      reason: 'Bank charges of the month',
      occurredAt: new Date(Date.now() - 2 * DAY).toISOString(),
    };
    expect((await adjust(backdated, other.admin.accessToken, other)).statusCode).toBe(201);

    const closed = await financesCall(app(), other, 'POST', '/api/finances/closing', { through: isoDay(-1) });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ closedThrough: isoDay(-1), tz: 'UTC' });
    const first = await journal();
    expect(first.toString('utf8')).toContain('Ajustement');
    expect(first.toString('utf8')).toContain('512000');
    const before = await reconciliationRows(app(), other.organizationId);

    const refused = await adjust(backdated, other.admin.accessToken, other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('period-closed');
    const detail = await payoutDetailOf(app(), other, created.id);
    const unknown = transactionOfType(detail, 'contribution');
    const entry = await adjust(
      { amountMinor: -37, reason: 'Climate contribution' },
      other.admin.accessToken,
      other,
    );
    expect(entry.statusCode).toBe(201);
    const match = await financesCall(
      app(),
      other,
      'POST',
      `/api/finances/payouts/transactions/${unknown.id}/match`,
      {
        ledgerEntryId: entry.json<Adjustment>().id,
      },
    );
    expect(match.statusCode).toBe(409);
    expect(match.json().error.code).toBe('period-closed');

    // The database holds it too: a staff member's back-dated adjustment is refused, a fact told late by
    // Stripe lands on the first open day.
    const db = app().ctx.db;
    const twoDaysAgo = new Date(Date.now() - 2 * DAY);
    await expect(
      db.insert(ledgerEntries).values({
        organizationId: other.organizationId,
        kind: 'adjustment',
        amountMinor: 100,
        currency: 'EUR',
        occurredAt: twoDaysAgo,
        recordedBy: other.admin.user.id,
        reason: 'sneaked in',
      }),
    ).rejects.toThrow();
    const [late] = await db
      .insert(ledgerEntries)
      .values({
        organizationId: other.organizationId,
        kind: 'dispute',
        method: 'stripe',
        amountMinor: -100,
        currency: 'EUR',
        occurredAt: twoDaysAgo,
      })
      .returning();
    expect(late?.occurredAt.toISOString()).toBe(closed.json().closedBefore);

    // New account codes apply from the first open day: the closed period keeps its codes.
    const codes = await financesCall(app(), other, 'PUT', '/api/finances/account-codes', {
      codes: { bank: '512300', adjustments: '471000' },
    });
    expect(codes.statusCode, codes.body).toBe(200);
    expect(codes.json()).toMatchObject({
      codes: { bank: '512300', sales: '706000' },
      effectiveFrom: closed.json().closedBefore,
    });
    expect((await journal()).equals(first)).toBe(true);
    const open = await financesCall(
      app(),
      other,
      'GET',
      `/api/finances/journal.csv?from=${isoDay(0)}&to=${isoDay(0)}&locale=fr`,
    );
    expect(open.body).toContain('471000');
    expect(open.body).not.toContain('758000');
    const after = await reconciliationRows(app(), other.organizationId);
    expect(after.transactions).toEqual(before.transactions);
    expect(after.ledger.filter((row) => row.occurredAt < new Date(closed.json().closedBefore))).toEqual(
      before.ledger.filter((row) => row.occurredAt < new Date(closed.json().closedBefore)),
    );
  });

  it('only moves forward, and only over days that are over', async () => {
    const back = await financesCall(app(), other, 'POST', '/api/finances/closing', { through: isoDay(-5) });
    expect(back.statusCode).toBe(409);
    const today = await financesCall(app(), other, 'POST', '/api/finances/closing', { through: isoDay(0) });
    expect(today.statusCode).toBe(400);
    expect((await financesCall(app(), other, 'GET', '/api/finances/closing')).json()).toMatchObject({
      closedThrough: isoDay(-1),
    });
  });
});
