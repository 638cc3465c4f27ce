import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from './identity';
import { orders } from './orders';
import { organizations } from './organizations';

export const ORDER_ALERT_MODES = ['off', 'each', 'daily'] as const;

/**
 * How a staff member hears of new orders (a profile setting, for every organisation where they hold ALL or
 * EVENT): not at all, one mail per order, or one digest a day. `since` is when the mode was chosen: mail
 * covers orders placed after it, never the backlog before.
 */
export const staffOrderAlerts = pgTable(
  'staff_order_alerts',
  {
    staffId: uuid('staff_id')
      .primaryKey()
      .references(() => staff.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ORDER_ALERT_MODES }).notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('staff_order_alerts_mode_valid', sql`${table.mode} in ('off', 'each', 'daily')`)],
);

/**
 * Orders whose staff mail has been queued: the primary key makes it once per order, however many
 * processes run the alerts job at the same time.
 */
export const orderNotices = pgTable(
  'order_notices',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_notices_organization_idx').on(table.organizationId, table.noticedAt)],
);

/**
 * One daily digest per staff member, organisation and day (in the organisation's time zone): the primary
 * key makes it once a day; the next digest starts where this one's period ended.
 */
export const orderDigests = pgTable(
  'order_digests',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    orderCount: integer('order_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.staffId, table.organizationId, table.day] }),
    index('order_digests_organization_idx').on(table.organizationId, table.day),
  ],
);
