import { z } from 'zod';
import { timeZone } from './finances';
import { MAX_AMOUNT_MINOR } from './money';
import { pageOf, pageQueryFields } from './paging';

/**
 * Stripe payouts reconciled with the ledger, manual adjustments and closed periods (`/finances/payouts`).
 */

export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
export const RECONCILIATION_STATES = ['pending', 'reconciled', 'flagged'] as const;
export type ReconciliationState = (typeof RECONCILIATION_STATES)[number];

/** Why a payout is flagged (each at most once per payout). */
export const PAYOUT_FLAGS = ['unmatched-transactions', 'unknown-type', 'amount-mismatch'] as const;
export type PayoutFlag = (typeof PAYOUT_FLAGS)[number];

export const payoutSchema = z.object({
  id: z.uuid(),
  stripePayoutId: z.string(),
  amountMinor: z.number().int(),
  currency: z.string().length(3),
  status: z.enum(PAYOUT_STATUSES),
  arrivalDate: z.iso.datetime({ offset: true }),
  reconciliation: z.enum(RECONCILIATION_STATES),
  flags: z.array(z.enum(PAYOUT_FLAGS)),
  /** What the matched rows add up to (the payout's own row left out). */
  matchedMinor: z.number().int(),
  transactionCount: z.number().int(),
  unmatchedCount: z.number().int(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const listPayoutsQuerySchema = z.object({
  reconciliation: z.enum(RECONCILIATION_STATES).optional(),
  ...pageQueryFields(),
});
export const payoutListSchema = pageOf(payoutSchema);
export type PayoutList = z.infer<typeof payoutListSchema>;

export const payoutSuggestionSchema = z.object({
  ledgerEntryId: z.uuid(),
  kind: z.string(),
  amountMinor: z.number().int(),
  occurredAt: z.iso.datetime({ offset: true }),
  orderCode: z.string().nullable(),
  reference: z.string().nullable(),
});
export type PayoutSuggestion = z.infer<typeof payoutSuggestionSchema>;

export const payoutTransactionSchema = z.object({
  id: z.uuid(),
  stripeBalanceTransactionId: z.string(),
  type: z.string(),
  /** Whether the sync knows this type; an unknown one is never absorbed. */
  known: z.boolean(),
  amountMinor: z.number().int(),
  feeMinor: z.number().int(),
  netMinor: z.number().int(),
  currency: z.string().length(3),
  source: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  matched: z.boolean(),
  matchedMinor: z.number().int().nullable(),
  matchSource: z.enum(['auto', 'manual']).nullable(),
  /** Unmatched rows only: ledger rows of the same amount within a week, not matched elsewhere. */
  suggestions: z.array(payoutSuggestionSchema),
});
export type PayoutTransaction = z.infer<typeof payoutTransactionSchema>;

export const payoutDetailSchema = z.object({
  payout: payoutSchema,
  transactions: z.array(payoutTransactionSchema),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

export const manualMatchBodySchema = z.object({ ledgerEntryId: z.uuid() });
export type ManualMatchBody = z.infer<typeof manualMatchBodySchema>;

/** A manual adjustment: signed minor units from the organisation's side, with the reason. */
export const adjustmentBodySchema = z.object({
  amountMinor: z
    .number()
    .int()
    .min(-MAX_AMOUNT_MINOR)
    .max(MAX_AMOUNT_MINOR)
    .refine((amount) => amount !== 0, 'an adjustment moves money'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('EUR'),
  reason: z.string().trim().min(3).max(500),
  /** When the money moved; defaults to now. Never inside a closed period. */
  occurredAt: z.iso.datetime({ offset: true }).optional(),
  eventId: z.uuid().optional(),
});
export type AdjustmentBody = z.input<typeof adjustmentBodySchema>;

export const adjustmentSchema = z.object({
  id: z.uuid(),
  amountMinor: z.number().int(),
  currency: z.string().length(3),
  reason: z.string(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** Closes every day up to `through` (inclusive) in `tz`. */
export const closePeriodBodySchema = z.object({ through: z.iso.date(), tz: timeZone.default('UTC') });
export type ClosePeriodBody = z.input<typeof closePeriodBodySchema>;

export const closedPeriodSchema = z.object({
  closedThrough: z.iso.date().nullable(),
  closedBefore: z.iso.datetime({ offset: true }).nullable(),
  tz: z.string(),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ClosedPeriod = z.infer<typeof closedPeriodSchema>;

/** The accounts of the journal, and their codes in the French chart (PCG) by default. */
export const JOURNAL_DEFAULT_CODES = {
  customers: '411000',
  sales: '706000',
  salesReturns: '709000',
  bank: '512000',
  stripe: '512100',
  cash: '530000',
  fees: '627000',
  adjustments: '758000',
} as const;
export type JournalAccount = keyof typeof JOURNAL_DEFAULT_CODES;
export const JOURNAL_ACCOUNTS = Object.keys(JOURNAL_DEFAULT_CODES) as JournalAccount[];

const accountCode = z.string().regex(/^[0-9A-Za-z._-]{1,20}$/, 'letters, digits, . _ - (at most 20)');
const codesShape = <T extends z.ZodType>(code: T) =>
  z.object({
    customers: code,
    sales: code,
    salesReturns: code,
    bank: code,
    stripe: code,
    cash: code,
    fees: code,
    adjustments: code,
  });

/** The codes to use from now on; an account left out takes its default. */
export const accountCodesBodySchema = z.object({ codes: codesShape(accountCode.optional()).strict() });
export type AccountCodesBody = z.input<typeof accountCodesBodySchema>;

export const accountCodesSchema = z.object({
  codes: codesShape(z.string()),
  defaults: codesShape(z.string()),
  /** The first instant these codes apply to (the first open day when they were saved), or null: always. */
  effectiveFrom: z.iso.datetime({ offset: true }).nullable(),
});
export type AccountCodes = z.infer<typeof accountCodesSchema>;
