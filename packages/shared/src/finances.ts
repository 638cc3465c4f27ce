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
  /** Prices include VAT; VAT by rate for the period is `GET /finances/vat` (stored per ticket at sale). */
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
  /** The VAT included in the gross, as stored at sale, less the VAT of refunds. */
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

/** A credit note is never asked for: the refund of an invoiced order issues it. */
export const DOCUMENT_KINDS = ['receipt', 'invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const ISSUABLE_DOCUMENT_KINDS = ['receipt', 'invoice'] as const;

/** The company an invoice is made out to. */
export const billingDetailsSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  address: z.string().trim().max(500).optional(),
  vatNumber: z.string().trim().max(40).optional(),
});
export type BillingDetails = z.input<typeof billingDetailsSchema>;

export const issueDocumentBodySchema = z.strictObject({
  kind: z.enum(ISSUABLE_DOCUMENT_KINDS),
  /** For an invoice: the company it is made out to (the buyer's name and e-mail otherwise). */
  billing: billingDetailsSchema.optional(),
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
  /** Frozen when issued: per rate (basis points), the gross and the VAT it includes. */
  vatLines: z.array(
    z.object({ rateBp: z.number().int(), grossMinor: z.number().int(), vatMinor: z.number().int() }),
  ),
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

/** A buyer's request for an invoice, from the order page (the order's code is the credential). */
export const requestInvoiceBodySchema = z.strictObject({ billing: billingDetailsSchema });

/** What the buyer learns of their documents. */
export const buyerDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  reference: z.string(),
  issuedAt: z.string(),
});
export type BuyerDocument = z.infer<typeof buyerDocumentSchema>;

/** A report of a period (VAT, cash-up, orders' money), as JSON or as CSV for the reader's spreadsheet. */
export const reportQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    tz: timeZone.default('UTC'),
    eventId: z.uuid().optional(),
    locale: z.enum(['en', 'fr']).default('en'),
  })
  .superRefine(periodIsValid);
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** VAT by rate of a period: sales when paid, refunds when made. */
export const vatReportSchema = z.object({
  registered: z.boolean(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      lines: z.array(
        z.object({
          rateBp: z.number().int(),
          salesGrossMinor: z.number().int(),
          salesVatMinor: z.number().int(),
          refundsGrossMinor: z.number().int(),
          refundsVatMinor: z.number().int(),
          /** Sales less refunds, VAT included. */
          grossMinor: z.number().int(),
          vatMinor: z.number().int(),
          /** Gross less VAT. */
          netMinor: z.number().int(),
        }),
      ),
    }),
  ),
});
export type VatReport = z.infer<typeof vatReportSchema>;

/** What staff took at the box office, the door and by marking offline orders paid. */
export const cashUpSchema = z.object({
  rows: z.array(
    z.object({
      eventId: z.uuid(),
      eventName: z.string(),
      staffId: z.uuid().nullable(),
      staffName: z.string().nullable(),
      channel: z.enum(['offline', 'box_office']),
      method: z.string().nullable(),
      currency: z.string(),
      count: z.number().int(),
      amountMinor: z.number().int(),
    }),
  ),
});
export type CashUp = z.infer<typeof cashUpSchema>;
