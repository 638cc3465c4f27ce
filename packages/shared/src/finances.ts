import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './payments';

/** The finances area (`/finances`): figures from the ledger, per currency, and the rows behind them. */

export const LEDGER_KINDS = [
  'sale',
  'offline_payment',
  'card_payment',
  'box_office_payment',
  'refund',
  'refund_reversal',
  'processor_fee',
  'platform_fee',
  'payout',
  'dispute',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Which date puts money in a period: when it moved, or when its event takes place. */
export const FINANCE_BASES = ['payment', 'event'] as const;
export type FinanceBasis = (typeof FINANCE_BASES)[number];

/** The figures of the summary, each with rows behind it. */
export const FINANCE_FIGURES = ['gross', 'refunds', 'fees', 'adjustments', 'net'] as const;
export type FinanceFigure = (typeof FINANCE_FIGURES)[number];

/** The longest period a summary covers (about three years), so one request stays cheap. */
export const MAX_PERIOD_DAYS = 1100;

const isoDate = z.iso.date();
export const timeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone');

const periodFields = {
  /** First day of the period (inclusive), in `tz`. */
  from: isoDate,
  /** Last day of the period (inclusive), in `tz`. */
  to: isoDate,
  tz: timeZone.default('UTC'),
  basis: z.enum(FINANCE_BASES).default('payment'),
  eventId: z.uuid().optional(),
};

function periodIsValid(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'the period ends before it starts' });
  if (days > MAX_PERIOD_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `a period is at most ${MAX_PERIOD_DAYS} days` });
}

export const financesSummaryQuerySchema = z.object(periodFields).superRefine(periodIsValid);
export type FinancesSummaryQuery = z.input<typeof financesSummaryQuerySchema>;

export const financesEntriesQuerySchema = z
  .object({
    ...periodFields,
    figure: z.enum(FINANCE_FIGURES).default('net'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    method: z.enum(PAYMENT_PROVIDERS).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(500).optional(),
  })
  .superRefine(periodIsValid);
export type FinancesEntriesQuery = z.input<typeof financesEntriesQuerySchema>;

const amounts = {
  /** Sales: money received for orders. */
  grossMinor: z.number().int(),
  /** Money given back (refunds less refunds the processor refused), as a positive amount. */
  refundsMinor: z.number().int(),
  /** Processor and platform fees, as a positive amount. */
  feesMinor: z.number().int(),
  /** Manual adjustments and disputes, signed. */
  adjustmentsMinor: z.number().int(),
  /** gross − refunds − fees + adjustments. */
  netMinor: z.number().int(),
};

export const currencySummarySchema = z.object({
  currency: z.string(),
  ...amounts,
  processorFeesMinor: z.number().int(),
  platformFeesMinor: z.number().int(),
  /** Orders with money in the period. */
  orderCount: z.number().int(),
  byMethod: z.array(z.object({ method: z.enum(PAYMENT_PROVIDERS), ...amounts })),
  byEvent: z.array(z.object({ eventId: z.uuid(), eventName: z.string(), ...amounts })),
  /** Sales and refunds per bucket (day, week or month in `tz`), for the chart. */
  series: z.array(
    z.object({ date: z.string(), grossMinor: z.number().int(), refundsMinor: z.number().int() }),
  ),
});
export type CurrencySummary = z.infer<typeof currencySummarySchema>;

export const financesSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  basis: z.enum(FINANCE_BASES),
  eventId: z.uuid().nullable(),
  bucket: z.enum(['day', 'week', 'month']),
  /** Prices include VAT; VAT rates are not recorded yet, so no VAT split is given. */
  vat: z.object({ available: z.boolean() }),
  currencies: z.array(currencySummarySchema),
});
export type FinancesSummary = z.infer<typeof financesSummarySchema>;

export const ledgerEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(LEDGER_KINDS),
  method: z.enum(PAYMENT_PROVIDERS).nullable(),
  amountMinor: z.number().int(),
  currency: z.string(),
  occurredAt: z.string(),
  orderId: z.uuid().nullable(),
  orderCode: z.string().nullable(),
  buyerName: z.string().nullable(),
  eventId: z.uuid().nullable(),
  eventName: z.string().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerEntryPageSchema = z.object({
  items: z.array(ledgerEntrySchema),
  nextCursor: z.string().nullable(),
});
export type LedgerEntryPage = z.infer<typeof ledgerEntryPageSchema>;

/** An order's money, net of what it cost (the order dialog and the finances' order view). */
export const orderNetSchema = z.object({
  currency: z.string(),
  grossMinor: z.number().int(),
  /** Null: VAT rates are not recorded yet (prices include VAT). */
  vatMinor: z.number().int().nullable(),
  processorFeeMinor: z.number().int(),
  platformFeeMinor: z.number().int(),
  refundedMinor: z.number().int(),
  adjustmentsMinor: z.number().int(),
  netMinor: z.number().int(),
});
export type OrderNet = z.infer<typeof orderNetSchema>;

export const financeOrderSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  status: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  paymentMethod: z.string(),
  totalMinor: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  event: z.object({ id: z.uuid(), name: z.string(), startsAt: z.string() }),
  net: orderNetSchema,
  entries: z.array(ledgerEntrySchema),
});
export type FinanceOrder = z.infer<typeof financeOrderSchema>;

export const DOCUMENT_KINDS = ['receipt', 'invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const issueDocumentBodySchema = z.strictObject({
  kind: z.enum(DOCUMENT_KINDS),
  /** For an invoice: the company it is made out to (the buyer's name and e-mail otherwise). */
  billing: z
    .strictObject({
      name: z.string().trim().min(1).max(200),
      address: z.string().trim().max(500).optional(),
      vatNumber: z.string().trim().max(40).optional(),
    })
    .optional(),
});
export type IssueDocumentBody = z.input<typeof issueDocumentBodySchema>;

export const financeDocumentSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderCode: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.number().int(),
  reference: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  billedTo: z.object({
    name: z.string(),
    email: z.string(),
    address: z.string().optional(),
    vatNumber: z.string().optional(),
  }),
  issuedAt: z.string(),
});
export type FinanceDocument = z.infer<typeof financeDocumentSchema>;

export const financeDocumentPageSchema = z.object({
  items: z.array(financeDocumentSchema),
  nextCursor: z.string().nullable(),
});

export const listDocumentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.uuid().optional(),
});

export const journalQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    tz: timeZone.default('UTC'),
    /** The reader's spreadsheet: `fr` writes semicolons and decimal commas. */
    locale: z.enum(['en', 'fr']).default('en'),
  })
  .superRefine(periodIsValid);
export type JournalQuery = z.input<typeof journalQuerySchema>;
