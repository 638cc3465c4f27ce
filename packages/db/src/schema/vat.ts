import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { organizations } from './organizations';
import { refunds } from './payments';

/**
 * An organisation's VAT: whether it is registered, its VAT number, the rates it uses and the one a ticket
 * type without its own rate takes. Rates are basis points (550 = 5.5 %). Prices always include VAT. No row
 * (or `registered` false): no VAT is charged. A ticket's VAT is computed and stored when it is sold (a
 * trigger on `tickets`, migration `*_invoices_custom.sql`), so changing these settings never changes a sale.
 */
export const organizationVatSettings = pgTable(
  'organization_vat_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    registered: boolean('registered').notNull().default(false),
    vatNumber: text('vat_number'),
    ratesBp: integer('rates_bp').array().notNull().default(sql`'{}'::integer[]`),
    defaultRateBp: integer('default_rate_bp').notNull().default(0),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'organization_vat_settings_default_rate_valid',
      sql`${table.defaultRateBp} >= 0 and ${table.defaultRateBp} <= 10000`,
    ),
  ],
);

/**
 * A refund's VAT by rate, written by a trigger in the refund's transaction: the refunded amount shared
 * between the order's rates in proportion to their gross, each share's VAT in proportion to the VAT stored
 * on the tickets. The VAT report counts it in the period of the refund.
 */
export const refundVatLines = pgTable(
  'refund_vat_lines',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rateBp: integer('rate_bp').notNull(),
    grossMinor: bigint('gross_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.refundId, table.rateBp] }),
    index('refund_vat_lines_organization_occurred_idx').on(table.organizationId, table.occurredAt),
    check(
      'refund_vat_lines_amounts_valid',
      sql`${table.grossMinor} > 0 and ${table.vatMinor} >= 0 and ${table.vatMinor} <= ${table.grossMinor}`,
    ),
  ],
);
