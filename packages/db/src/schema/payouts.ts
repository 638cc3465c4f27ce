import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { ledgerEntries } from './ledger';
import { organizations } from './organizations';
import { payments } from './payments';

export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
/** `pending`: not paid yet (nothing to reconcile); `reconciled`: every row matched and the sum is exact. */
export const RECONCILIATION_STATES = ['pending', 'reconciled', 'flagged'] as const;
export const MATCH_SOURCES = ['auto', 'manual'] as const;

/**
 * The payouts of an organisation's connected Stripe account, as Stripe last told them (webhook or
 * catch-up). The payout's own ledger row (money leaving the Stripe balance for the bank) is written once,
 * when it is paid: `ledger_entry_id` is set by a guarded UPDATE in that transaction.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id').notNull(),
    stripePayoutId: text('stripe_payout_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }).notNull(),
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    reconciliation: text('reconciliation', { enum: RECONCILIATION_STATES }).notNull().default('pending'),
    /** Why a payout is flagged: unmatched rows, unknown types, a sum that differs. Empty when reconciled. */
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    ledgerEntryId: uuid('ledger_entry_id').references(() => ledgerEntries.id),
    /** The row giving the money back to the Stripe balance when a paid payout fails afterwards (once). */
    failureEntryId: uuid('failure_entry_id').references(() => ledgerEntries.id),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payouts_stripe_payout_idx').on(table.stripePayoutId),
    index('payouts_organization_arrival_idx').on(table.organizationId, table.arrivalDate, table.id),
    check(
      'payouts_status_valid',
      sql`${table.status} in ('pending', 'in_transit', 'paid', 'failed', 'canceled')`,
    ),
    check(
      'payouts_reconciliation_valid',
      sql`${table.reconciliation} in ('pending', 'reconciled', 'flagged')`,
    ),
  ],
);

/**
 * Every balance transaction inside a payout, stored as Stripe gave it, with what it was matched to: the
 * payment (a charge: its money in and its fees), or one ledger row (a refund, a fee refund, a dispute, an
 * adjustment, the payout itself). `matched_minor` is what the matched rows add up to; null while
 * unmatched. A manual match says who made it.
 */
export const payoutTransactions = pgTable(
  'payout_transactions',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    stripeBalanceTransactionId: text('stripe_balance_transaction_id').notNull(),
    type: text('type').notNull(),
    reportingCategory: text('reporting_category'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The source's id (a charge, a refund, a dispute, the payout). */
    source: text('source'),
    description: text('description'),
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    ledgerEntryId: uuid('ledger_entry_id').references(() => ledgerEntries.id),
    matchedMinor: bigint('matched_minor', { mode: 'number' }),
    matchSource: text('match_source', { enum: MATCH_SOURCES }),
    matchedBy: uuid('matched_by'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payout_transactions_stripe_idx').on(table.payoutId, table.stripeBalanceTransactionId),
    index('payout_transactions_organization_payout_idx').on(table.organizationId, table.payoutId),
    // A ledger row explains one balance transaction at most: a manual match cannot reuse it.
    uniqueIndex('payout_transactions_ledger_entry_idx')
      .on(table.ledgerEntryId)
      .where(sql`ledger_entry_id is not null`),
    uniqueIndex('payout_transactions_payment_idx').on(table.paymentId).where(sql`payment_id is not null`),
    check(
      'payout_transactions_match_whole',
      sql`(${table.matchedMinor} is null) = (${table.paymentId} is null and ${table.ledgerEntryId} is null)`,
    ),
    check(
      'payout_transactions_match_source_valid',
      sql`${table.matchSource} is null or ${table.matchSource} in ('auto', 'manual')`,
    ),
  ],
);

/**
 * Closed accounting periods: everything dated up to `closed_through` (a day, inclusive, in the
 * organisation's time zone as given when closing) is final. One row per organisation, moved forward only;
 * the ledger's insert trigger reads it (migration `payouts_custom`).
 */
export const financePeriodClosings = pgTable('finance_period_closings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  closedThrough: date('closed_through', { mode: 'string' }),
  /** The first instant after the closed days (`closed_through + 1` at midnight in `tz`). */
  closedBefore: timestamp('closed_before', { withTimezone: true }),
  tz: text('tz').notNull().default('UTC'),
  closedBy: uuid('closed_by'),
  closedAt: timestamp('closed_at', { withTimezone: true }),
});

/**
 * The journal's account codes of an organisation, by version: a version applies to ledger rows dated from
 * `effective_from` (the first open instant when it was saved), so a closed period is always exported with
 * the codes it was closed with. Codes left out fall back to the French chart's defaults.
 */
export const journalAccountCodes = pgTable(
  'journal_account_codes',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    codes: jsonb('codes').$type<Record<string, string>>().notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('journal_account_codes_effective_idx').on(table.organizationId, table.effectiveFrom),
  ],
);
