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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { staff } from './identity';
import { orders } from './orders';
import { organizations } from './organizations';

export const PAYMENT_PROVIDERS = ['stripe', 'offline', 'box_office'] as const;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
/** How money handed to staff was paid (at the door, box office, marking an offline order paid). */
export const STAFF_PAYMENT_METHODS = ['cash', 'card', 'transfer', 'other'] as const;
export const CHECKOUT_SESSION_STATUSES = ['open', 'complete', 'expired'] as const;

/**
 * The organisation's Stripe Connect account (one per organisation). The three flags mirror what Stripe
 * last told us (an `account.updated` event or a read on the status page); Stripe stays the truth.
 */
export const stripeAccounts = pgTable(
  'stripe_accounts',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('stripe_accounts_account_idx').on(table.stripeAccountId)],
);

/**
 * A Stripe Checkout Session made for a reserved order. At most one is open per order (partial unique
 * index), so two "continue to payment" clicks cannot leave two live payment pages for one reservation.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id').notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: CHECKOUT_SESSION_STATUSES }).notNull().default('open'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    applicationFeeMinor: bigint('application_fee_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('checkout_sessions_organization_order_idx').on(table.organizationId, table.orderId),
    uniqueIndex('checkout_sessions_one_open_idx').on(table.orderId).where(sql`status = 'open'`),
    check('checkout_sessions_status_valid', sql`${table.status} in ('open', 'complete', 'expired')`),
    check(
      'checkout_sessions_amounts_valid',
      sql`${table.amountMinor} > 0 and ${table.applicationFeeMinor} >= 0 and ${table.applicationFeeMinor} <= ${table.amountMinor}`,
    ),
  ],
);

/** Money received for an order: a Stripe payment, or one recorded by staff (offline, box office). */
export const payments = pgTable(
  'payments',
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
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    applicationFeeMinor: bigint('application_fee_minor', { mode: 'number' }).notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    stripeAccountId: text('stripe_account_id'),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    /** How staff were paid (cash, card...), when they said; null for Stripe and older rows. */
    method: text('method', { enum: STAFF_PAYMENT_METHODS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_organization_order_idx').on(table.organizationId, table.orderId),
    // One payment per Stripe payment: a redelivered event can never record the money twice.
    uniqueIndex('payments_stripe_intent_idx').on(table.stripePaymentIntentId),
    check('payments_provider_valid', sql`${table.provider} in ('stripe', 'offline', 'box_office')`),
    check('payments_amount_valid', sql`${table.amountMinor} > 0`),
    check(
      'payments_method_valid',
      sql`${table.method} is null or ${table.method} in ('cash', 'card', 'transfer', 'other')`,
    ),
    check(
      'payments_stripe_ids',
      sql`${table.provider} <> 'stripe' or (${table.stripePaymentIntentId} is not null and ${table.stripeAccountId} is not null)`,
    ),
  ],
);

/**
 * Money given back, with the tickets it refunds (their seats were freed in the refund's transaction).
 * A Stripe refund is `pending` until Stripe accepts it; the order's `refunded_minor` (guarded UPDATE and
 * CHECK on `orders`) is what makes refunding more than was paid impossible, whatever runs concurrently.
 */
export const refunds = pgTable(
  'refunds',
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
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** The tickets this refund cancelled (ids), for the order's history. */
    ticketIds: jsonb('ticket_ids').$type<string[]>().notNull().default([]),
    reason: text('reason'),
    stripeRefundId: text('stripe_refund_id'),
    failureMessage: text('failure_message'),
    attempts: integer('attempts').notNull().default(0),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refunds_organization_order_idx').on(table.organizationId, table.orderId),
    uniqueIndex('refunds_stripe_refund_idx').on(table.stripeRefundId),
    // The retry job's scan: only Stripe refunds still waiting are in it.
    index('refunds_pending_idx').on(table.createdAt).where(sql`status = 'pending'`),
    check('refunds_provider_valid', sql`${table.provider} in ('stripe', 'offline', 'box_office')`),
    check('refunds_status_valid', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_amount_valid', sql`${table.amountMinor} >= 0`),
  ],
);

/** Stripe events already processed: the primary key makes each event count once, however often sent. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  account: text('account'),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
