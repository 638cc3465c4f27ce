import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { events, ticketTypes } from './events';
import { staff } from './identity';
import { organizations } from './organizations';

export const ORDER_STATUSES = ['reserved', 'pending_payment', 'paid', 'cancelled', 'expired'] as const;
export const PAYMENT_METHODS = ['free', 'offline', 'stripe', 'box_office'] as const;
export const TICKET_STATUSES = ['valid', 'cancelled', 'refunded'] as const;

/**
 * An order of tickets for one event. `code` is the public reference (random, not guessable) shown to the
 * buyer and searched by staff; `id` never leaves the back office. Status moves only through conditional
 * UPDATEs (`... WHERE status = 'reserved'`), so capacity is released exactly once however many runners race.
 * `reserved` orders hold their seats in `held` until `reserved_until`; every other live status counts them
 * in `sold`. Payments and refunds get their own tables, referencing the order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    channel: text('channel', { enum: ['online', 'box_office'] }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    locale: text('locale').notNull().default('en'),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** Money given back so far (see the payments schema); a guarded UPDATE and a CHECK keep it ≤ total. */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * How many tickets the order has: they are written with it, by the same statement, and never added
     * later. The dashboard counts tickets sold from it (and the paid-time index) instead of the tickets.
     */
    ticketCount: integer('ticket_count').notNull(),
    /**
     * The `first_order_at` of the organisation's customer record with the buyer's e-mail, copied by the
     * leader's job a few seconds after the order is paid (decision 041); null until then, when no record
     * has that e-mail, and again whenever that record's e-mail or first order changes or it is erased
     * (triggers of migration `dashboard-buyers-custom`). Never stale: readers take null as "look it up".
     */
    buyerSince: timestamp('buyer_since', { withTimezone: true }),
    /** That record's id, copied and cleared with `buyerSince`: the dashboard counts each buyer once by it. */
    buyerCustomerId: uuid('buyer_customer_id'),
    /**
     * Counted in `dashboard_paid_rollups` (by the leader's job, in the transaction that adds it there);
     * false until then, and again if its paid time, ticket count or organisation changes (a trigger takes
     * it back out). The dashboard reads the paid orders not counted yet from their own small index.
     */
    paidTallied: boolean('paid_tallied').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The staff member who made a box-office order; null for buyers. */
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    note: text('note'),
    /**
     * The company a buyer asked at checkout to be invoiced (decision 032): the invoice is issued by the
     * database when the order is paid, in the payment's transaction. Null: no invoice asked for at checkout.
     */
    billing: jsonb('billing').$type<{ name: string; address?: string; vatNumber?: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_code_idx').on(table.code),
    index('orders_organization_event_idx').on(table.organizationId, table.eventId, table.id),
    index('orders_organization_email_idx').on(table.organizationId, sql`lower(${table.buyerEmail})`),
    // The dashboard's and the reports' periods: paid orders by the time they were paid, without reading
    // every order of the organisation (bench/reports.ts). Paid orders only, and carrying what the
    // dashboard counts (tickets, the buyer's record and its first order): its figures are an
    // index-only scan of the period (decision 041).
    index('orders_organization_paid_idx')
      .on(table.organizationId, table.paidAt, table.buyerSince, table.ticketCount, table.buyerCustomerId)
      .where(sql`${table.paidAt} is not null`),
    // The paid orders the dashboard's jobs have not settled: not tallied yet (the last few seconds'
    // payments), or without a copy of their buyer's record (not copied yet, or no record matches). The
    // dashboard reads each kind from here instead of the period's whole range of the paid-time index.
    index('orders_organization_paid_unsettled_idx')
      .on(table.organizationId, table.paidAt, table.ticketCount, table.paidTallied, table.buyerSince)
      .where(sql`${table.paidAt} is not null and (not ${table.paidTallied} or ${table.buyerSince} is null)`),
    // The expiry job's scan: only live reservations are in it.
    index('orders_reserved_until_idx').on(table.reservedUntil).where(sql`status = 'reserved'`),
    check(
      'orders_status_valid',
      sql`${table.status} in ('reserved', 'pending_payment', 'paid', 'cancelled', 'expired')`,
    ),
    check('orders_channel_valid', sql`${table.channel} in ('online', 'box_office')`),
    check(
      'orders_payment_method_valid',
      sql`${table.paymentMethod} in ('free', 'offline', 'stripe', 'box_office')`,
    ),
    check('orders_total_valid', sql`${table.totalMinor} >= 0`),
    check(
      'orders_refunded_valid',
      sql`${table.refundedMinor} >= 0 and ${table.refundedMinor} <= ${table.totalMinor}`,
    ),
    check(
      'orders_reservation_valid',
      sql`${table.status} <> 'reserved' or ${table.reservedUntil} is not null`,
    ),
  ],
);

/**
 * One admission: an order holds one row per seat. `secret` is the signed token drawn in the QR code
 * (see the orders module's ticket-secrets), unique so a scan finds its ticket by index.
 */
export const tickets = pgTable(
  'tickets',
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
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'restrict' }),
    attendeeName: text('attendee_name'),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /**
     * The VAT rate (basis points) and the VAT included in `price_minor`, set by a trigger when the ticket is
     * written (from its type's rate, or the organisation's default, when the organisation is registered)
     * and never changed after (migration `*_invoices_custom.sql`).
     */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('valid'),
    secret: text('secret').notNull(),
    /**
     * What a person types at the door: 10 random symbols of Crockford's base 32 and a check symbol
     * (packages/shared/src/ticket-code.ts). Written by the order's statement; the database function makes
     * one for a row written without it (and made them for the tickets older than the column).
     */
    shortCode: text('short_code').notNull().default(sql`guichet_ticket_code()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tickets_secret_idx').on(table.secret),
    uniqueIndex('tickets_organization_short_code_idx').on(table.organizationId, table.shortCode),
    index('tickets_organization_order_idx').on(table.organizationId, table.orderId),
    index('tickets_organization_type_idx').on(table.organizationId, table.ticketTypeId),
    check('tickets_status_valid', sql`${table.status} in ('valid', 'cancelled', 'refunded')`),
    check('tickets_price_valid', sql`${table.priceMinor} >= 0`),
    check('tickets_vat_valid', sql`${table.vatMinor} >= 0 and ${table.vatMinor} <= ${table.priceMinor}`),
  ],
);

/**
 * The organisation's customers: one per e-mail (case-insensitive), kept up to date by every completed
 * order in the order's own transaction.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true }).notNull(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }).notNull(),
    orderCount: integer('order_count').notNull().default(0),
    totalSpentMinor: bigint('total_spent_minor', { mode: 'number' }).notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    // What staff keep about the person (the customers module edits these; the checkout never writes them,
    // so the order's hot statement stays as it was).
    phone: text('phone'),
    /** The language the person reads mail in, `en` or `fr`; null: the language of their last order. */
    language: text('language'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes'),
    /** Set when this record was merged into another: the old id still resolves to the kept one. */
    mergedInto: uuid('merged_into'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customers_organization_first_order_idx').on(table.organizationId, table.firstOrderAt, table.id),
    index('customers_organization_name_idx').on(table.organizationId, sql`lower(${table.name})`, table.id),
    index('customers_tags_idx').using('gin', table.tags),
    uniqueIndex('customers_organization_email_idx').on(table.organizationId, sql`lower(${table.email})`),
    index('customers_organization_last_order_idx').on(table.organizationId, table.lastOrderAt, table.id),
    // The records merged into a page's rows, read with every page of the list (a scan of the organisation's
    // customers without it). Only merged records are in it: the checkout's upsert never adds an entry.
    index('customers_organization_merged_into_idx')
      .on(table.organizationId, table.mergedInto)
      .where(sql`${table.mergedInto} is not null`),
    check('customers_counts_valid', sql`${table.orderCount} >= 0 and ${table.totalSpentMinor} >= 0`),
  ],
);

/**
 * The Ed25519 key pair that signs an organisation's ticket secrets. The private key is stored encrypted
 * (AES-256-GCM under a key derived from the server secret) and never served; the public key goes to
 * scanners so they can verify tickets offline.
 */
export const ticketSigningKeys = pgTable('ticket_signing_keys', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Raw 32-byte public key, base64url. */
  publicKey: text('public_key').notNull(),
  /** iv.ciphertext.tag of the PKCS#8 private key, each base64url. */
  privateKeyEncrypted: text('private_key_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency keys of order creation. A key is claimed in its own committed statement before the order's
 * transaction starts, so a duplicate arriving meanwhile sees `in_flight` (409) instead of waiting; the
 * answer is stored in the order's transaction and replayed for the same key and body.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** SHA-256 of the scope and the client's key: the key itself is not kept. */
    keyHash: text('key_hash').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['in_flight', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.keyHash] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
    check('idempotency_keys_status_valid', sql`${table.status} in ('in_flight', 'done')`),
  ],
);
