import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { events } from './events';
import { orders } from './orders';
import { organizations } from './organizations';
import { payments, refunds } from './payments';

/**
 * What a ledger row records. Revenue rows (`sale`, `refund`, `refund_reversal`, `adjustment`) add up, per
 * order, to the order's lines minus its refunds; money rows (`*_payment`) say how the money came in; cost
 * rows (`processor_fee`, `platform_fee`, `dispute`) and `payout` move the organisation's balance only.
 */
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
export const LEDGER_METHODS = ['offline', 'stripe', 'box_office'] as const;

/**
 * The ledger: every change of money, appended in the transaction of the change, never updated nor deleted
 * (a trigger refuses both; a row goes only with its whole organisation). Amounts are signed integer minor
 * units from the organisation's side: a sale or a payment is positive, a refund or a fee negative.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** How the money moved (null for rows with no order, e.g. a payout). */
    method: text('method', { enum: LEDGER_METHODS }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The staff member who recorded it (an offline payment marked paid, a refund, an adjustment). No
     * foreign key: the row outlives the account, and "set null" would be an UPDATE the ledger refuses.
     */
    recordedBy: uuid('recorded_by'),
    /** The outside reference: a Stripe payment intent, refund or balance transaction, a transfer's id. */
    reference: text('reference'),
    /** Why: required for an adjustment. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Insertion order, for the roll-up's watermark (decision 036): every row with a number up to the
     * watermark is in the roll-up, later ones are read raw. Taken from a sequence when the row is inserted.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [
    index('ledger_entries_seq_idx').on(table.seq),
    index('ledger_entries_organization_occurred_idx').on(table.organizationId, table.occurredAt, table.id),
    index('ledger_entries_organization_order_idx').on(table.organizationId, table.orderId),
    index('ledger_entries_organization_event_idx').on(table.organizationId, table.eventId, table.occurredAt),
    // A payment, a refund and its reversal are each written once, whoever races to write them.
    uniqueIndex('ledger_entries_payment_kind_idx')
      .on(table.paymentId, table.kind)
      .where(sql`payment_id is not null and refund_id is null`),
    uniqueIndex('ledger_entries_refund_kind_idx')
      .on(table.refundId, table.kind)
      .where(sql`refund_id is not null`),
    check(
      'ledger_entries_kind_valid',
      sql`${table.kind} in ('sale', 'offline_payment', 'card_payment', 'box_office_payment', 'refund', 'refund_reversal', 'processor_fee', 'platform_fee', 'payout', 'dispute', 'adjustment')`,
    ),
    check(
      'ledger_entries_method_valid',
      sql`${table.method} is null or ${table.method} in ('offline', 'stripe', 'box_office')`,
    ),
    check(
      'ledger_entries_sign_valid',
      sql`case
        when ${table.kind} in ('sale', 'offline_payment', 'card_payment', 'box_office_payment', 'refund_reversal') then ${table.amountMinor} > 0
        when ${table.kind} in ('refund') then ${table.amountMinor} < 0
        when ${table.kind} in ('adjustment') then ${table.amountMinor} <> 0
        else true end`,
    ),
    check(
      'ledger_entries_adjustment_reason',
      sql`${table.kind} <> 'adjustment' or length(trim(coalesce(${table.reason}, ''))) > 0`,
    ),
  ],
);

export const DOCUMENT_KINDS = ['receipt', 'invoice', 'credit_note'] as const;

/** What a document says about VAT, frozen when issued: per rate (basis points), gross and VAT included. */
export type DocumentVatLine = { rateBp: number; grossMinor: number; vatMinor: number };

/**
 * The last number given in each series of an organisation's documents. The UPDATE that takes the next
 * number holds the row until the document's transaction ends: a rollback gives the number back, so the
 * numbers have no gap and no duplicate however many documents are issued at once.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    series: text('series', { enum: DOCUMENT_KINDS }).notNull(),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.series] }),
    check('document_counters_series_valid', sql`${table.series} in ('receipt', 'invoice', 'credit_note')`),
    check('document_counters_positive', sql`${table.lastNumber} > 0`),
  ],
);

/**
 * Receipts and invoices of orders: numbered in their series, with what they say frozen when issued. A
 * trigger refuses UPDATE and DELETE (an issued document never changes; it goes only with its organisation).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    series: text('series', { enum: DOCUMENT_KINDS }).notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Who it is made out to: the buyer, or the company they named for an invoice. */
    billedTo: jsonb('billed_to')
      .$type<{ name: string; email: string; address?: string; vatNumber?: string }>()
      .notNull(),
    /** A credit note's refund (the refund of an invoiced order issues one, in the refund's transaction). */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    vatLines: jsonb('vat_lines').$type<DocumentVatLine[]>().notNull().default([]),
    issuedBy: uuid('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('documents_series_number_idx').on(table.organizationId, table.series, table.number),
    // One receipt and one invoice per order; one credit note per refund.
    uniqueIndex('documents_order_series_idx')
      .on(table.orderId, table.series)
      .where(sql`series <> 'credit_note'`),
    uniqueIndex('documents_refund_idx').on(table.refundId).where(sql`refund_id is not null`),
    index('documents_organization_issued_idx').on(table.organizationId, table.issuedAt, table.id),
    check('documents_series_valid', sql`${table.series} in ('receipt', 'invoice', 'credit_note')`),
    check(
      'documents_credit_note_refund',
      sql`(${table.series} = 'credit_note') = (${table.refundId} is not null)`,
    ),
    check('documents_number_positive', sql`${table.number} > 0`),
  ],
);
