import type { Queryable } from '@guichet/db/client';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { orders } from '@guichet/db/schema/orders';
import { payments, refunds, stripeAccounts } from '@guichet/db/schema/payments';
import { financePeriodClosings, payouts, payoutTransactions } from '@guichet/db/schema/payouts';
import type { ReconciliationState } from '@guichet/shared/payouts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterCursor, isInstant } from '../../cursor';

// Every statement filters on the organisation, except lookups by Stripe's unguessable ids.

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutTransactionRow = typeof payoutTransactions.$inferSelect;
type NewPayout = typeof payouts.$inferInsert;
type NewPayoutTransaction = typeof payoutTransactions.$inferInsert;

/**
 * Stores what Stripe says of a payout. Stripe's events may arrive out of order, so a status only moves
 * forward: failed and canceled are final, and paid may still become failed (a bank may reject a payout
 * after Stripe reported it paid) but never pending or in transit again.
 */
export async function upsertPayout(db: Queryable, row: NewPayout): Promise<PayoutRow | undefined> {
  const [stored] = await db
    .insert(payouts)
    .values(row)
    .onConflictDoUpdate({
      target: payouts.stripePayoutId,
      set: {
        status: sql`case
          when ${payouts.status} in ('failed', 'canceled') then ${payouts.status}
          when ${payouts.status} = 'paid' and excluded.status <> 'failed' then ${payouts.status}
          else excluded.status end`,
        amountMinor: sql`excluded.amount_minor`,
        arrivalDate: sql`excluded.arrival_date`,
        syncedAt: sql`now()`,
      },
      // A payout id seen under another organisation is never moved to this one.
      setWhere: sql`${payouts.organizationId} = excluded.organization_id`,
    })
    .returning();
  return stored;
}

export async function lockPayout(db: Queryable, organizationId: string, payoutId: string) {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.organizationId, organizationId), eq(payouts.id, payoutId)))
    .for('update');
  return row;
}

/** Stores balance transactions; answers only those new to this payout (a resync adds nothing). */
export async function insertTransactions(db: Queryable, rows: NewPayoutTransaction[]) {
  if (rows.length === 0) return [];
  return db.insert(payoutTransactions).values(rows).onConflictDoNothing().returning();
}

export async function transactionsOf(db: Queryable, organizationId: string, payoutId: string) {
  return db
    .select()
    .from(payoutTransactions)
    .where(
      and(eq(payoutTransactions.organizationId, organizationId), eq(payoutTransactions.payoutId, payoutId)),
    )
    .orderBy(asc(payoutTransactions.stripeCreatedAt), asc(payoutTransactions.id));
}

export async function transactionById(db: Queryable, organizationId: string, transactionId: string) {
  const [row] = await db
    .select()
    .from(payoutTransactions)
    .where(
      and(eq(payoutTransactions.organizationId, organizationId), eq(payoutTransactions.id, transactionId)),
    );
  return row;
}

/**
 * Records what a balance transaction was matched to. Guarded: only an unmatched row changes (answers
 * undefined otherwise); the unique indexes refuse a payment or a ledger row explaining two of them.
 */
export async function setMatch(
  db: Queryable,
  organizationId: string,
  transactionId: string,
  match: {
    paymentId?: string | null;
    ledgerEntryId?: string | null;
    matchedMinor: number;
    source: 'auto' | 'manual';
    by: string | null;
  },
) {
  const [row] = await db
    .update(payoutTransactions)
    .set({
      paymentId: match.paymentId ?? null,
      ledgerEntryId: match.ledgerEntryId ?? null,
      matchedMinor: match.matchedMinor,
      matchSource: match.source,
      matchedBy: match.by,
      matchedAt: sql`now()`,
    })
    .where(
      and(
        eq(payoutTransactions.organizationId, organizationId),
        eq(payoutTransactions.id, transactionId),
        isNull(payoutTransactions.matchedMinor),
      ),
    )
    .returning();
  return row;
}

/** The card payment behind a charge, by its payment intent (a Stripe id). */
export async function paymentByIntent(db: Queryable, organizationId: string, paymentIntentId: string) {
  const [row] = await db
    .select({ payment: payments, eventId: orders.eventId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(eq(payments.organizationId, organizationId), eq(payments.stripePaymentIntentId, paymentIntentId)),
    );
  return row;
}

/** What a card payment left in the Stripe balance, from its ledger rows: the money in less both fees. */
export async function paymentBalanceMinor(db: Queryable, organizationId: string, paymentId: string) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.paymentId, paymentId),
        isNull(ledgerEntries.refundId),
        inArray(ledgerEntries.kind, ['card_payment', 'processor_fee', 'platform_fee']),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The ledger row of a card refund, by Stripe's refund id. */
export async function refundEntryByStripeId(db: Queryable, organizationId: string, stripeRefundId: string) {
  const [row] = await db
    .select({ entry: ledgerEntries })
    .from(ledgerEntries)
    .innerJoin(refunds, eq(refunds.id, ledgerEntries.refundId))
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(refunds.stripeRefundId, stripeRefundId),
        eq(ledgerEntries.kind, 'refund'),
      ),
    );
  return row?.entry;
}

export async function ledgerEntryById(db: Queryable, organizationId: string, entryId: string) {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.organizationId, organizationId), eq(ledgerEntries.id, entryId)));
  return row;
}

/** Links the payout's own ledger row, once (guarded). */
export async function setPayoutEntry(
  db: Queryable,
  organizationId: string,
  payoutId: string,
  entryId: string,
) {
  const [row] = await db
    .update(payouts)
    .set({ ledgerEntryId: entryId })
    .where(
      and(
        eq(payouts.organizationId, organizationId),
        eq(payouts.id, payoutId),
        isNull(payouts.ledgerEntryId),
      ),
    )
    .returning();
  return row;
}

/** Links the row that gives a failed payout's money back, once (guarded). */
export async function setFailureEntry(
  db: Queryable,
  organizationId: string,
  payoutId: string,
  entryId: string,
) {
  const [row] = await db
    .update(payouts)
    .set({ failureEntryId: entryId })
    .where(
      and(
        eq(payouts.organizationId, organizationId),
        eq(payouts.id, payoutId),
        isNull(payouts.failureEntryId),
      ),
    )
    .returning();
  return row;
}

/** The ledger row giving back a failed payout, by the payout's Stripe id (a `payout_failure`'s source). */
export async function failureEntryOf(db: Queryable, organizationId: string, stripePayoutId: string) {
  const [row] = await db
    .select({ entry: ledgerEntries })
    .from(payouts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, payouts.failureEntryId))
    .where(and(eq(payouts.organizationId, organizationId), eq(payouts.stripePayoutId, stripePayoutId)));
  return row?.entry;
}

export async function setReconciliation(
  db: Queryable,
  organizationId: string,
  payoutId: string,
  state: ReconciliationState,
  flags: string[],
) {
  await db
    .update(payouts)
    .set({ reconciliation: state, flags })
    .where(and(eq(payouts.organizationId, organizationId), eq(payouts.id, payoutId)));
}

/** Payouts newest first (or one), with their matched sums and counts (the payout's own row left out). */
export async function listPayouts(
  db: Queryable,
  organizationId: string,
  filter: { reconciliation?: ReconciliationState; payoutId?: string; limit: number; cursor?: string },
) {
  const mine = sql`t.organization_id = ${payouts.organizationId} and t.payout_id = ${payouts.id}`;
  return db
    .select({
      payout: payouts,
      matchedMinor: sql<string>`coalesce((select sum(t.matched_minor) from ${payoutTransactions} t
        where ${mine} and t.type <> 'payout'), 0)::text`,
      transactionCount: sql<number>`(select count(*)::int from ${payoutTransactions} t where ${mine})`,
      unmatchedCount: sql<number>`(select count(*)::int from ${payoutTransactions} t
        where ${mine} and t.matched_minor is null)`,
    })
    .from(payouts)
    .where(
      and(
        eq(payouts.organizationId, organizationId),
        filter.reconciliation ? eq(payouts.reconciliation, filter.reconciliation) : undefined,
        filter.payoutId ? eq(payouts.id, filter.payoutId) : undefined,
        afterCursor(filter.cursor, payouts.arrivalDate, payouts.id, {
          descending: true,
          cast: sql`::timestamptz`,
          accepts: isInstant,
        }),
      ),
    )
    .orderBy(desc(payouts.arrivalDate), desc(payouts.id))
    .limit(filter.limit);
}

/**
 * Ledger rows that could explain an unmatched balance transaction: the same amount (a charge's gross
 * matches a card payment, anything else its net), within a week of it, not explaining another one.
 */
export async function suggestionsFor(
  db: Queryable,
  organizationId: string,
  transaction: Pick<
    PayoutTransactionRow,
    'type' | 'amountMinor' | 'netMinor' | 'currency' | 'stripeCreatedAt'
  >,
) {
  const charge = transaction.type === 'charge' || transaction.type === 'payment';
  const amount = charge ? transaction.amountMinor : transaction.netMinor;
  const at = transaction.stripeCreatedAt.toISOString();
  return db
    .select({ entry: ledgerEntries, orderCode: orders.code })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.amountMinor, amount),
        eq(ledgerEntries.currency, transaction.currency),
        charge
          ? eq(ledgerEntries.kind, 'card_payment')
          : sql`${ledgerEntries.kind} not in ('sale', 'payout')`,
        sql`${ledgerEntries.occurredAt} between ${at}::timestamptz - interval '7 days'
          and ${at}::timestamptz + interval '7 days'`,
        sql`not exists (select 1 from ${payoutTransactions} t where t.ledger_entry_id = ${ledgerEntries.id}
          or (t.payment_id is not null and t.payment_id = ${ledgerEntries.paymentId}))`,
      ),
    )
    .orderBy(
      sql`abs(extract(epoch from ${ledgerEntries.occurredAt} - ${at}::timestamptz))`,
      asc(ledgerEntries.id),
    )
    .limit(5);
}

/** Connected accounts that can be paid out, for the catch-up. */
export async function payoutAccounts(db: Queryable) {
  return db
    .select({
      organizationId: stripeAccounts.organizationId,
      stripeAccountId: stripeAccounts.stripeAccountId,
    })
    .from(stripeAccounts)
    .where(eq(stripeAccounts.detailsSubmitted, true));
}

/** Stored payouts of an account that still need a sync: not final, or paid but not reconciled. */
export async function storedPayoutState(db: Queryable, organizationId: string, stripePayoutIds: string[]) {
  if (stripePayoutIds.length === 0) return new Map<string, PayoutRow>();
  const rows = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.organizationId, organizationId), inArray(payouts.stripePayoutId, stripePayoutIds)));
  return new Map(rows.map((row) => [row.stripePayoutId, row]));
}

/** The organisation's closing, read FOR SHARE so a closing being committed is waited for. */
export async function closingForShare(db: Queryable, organizationId: string) {
  const [row] = await db
    .select()
    .from(financePeriodClosings)
    .where(eq(financePeriodClosings.organizationId, organizationId))
    .for('share');
  return row;
}
