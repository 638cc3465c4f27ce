import { bigint, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * How many times the dashboard's figures changed in an organisation: orders paid, admissions and
 * undone admissions, counted by triggers in the writing transaction (migration `dashboard-changes-custom`).
 * The live dashboards' change signature sums them (with the ledger's row count, which the roll-up already
 * gives cheaply): a sum that moves with every committed change, from any process, without counting the
 * organisation's orders at every poll.
 *
 * A count is spread over slots (the writing backend's process id modulo 1024): one row per organisation
 * would be a hot row that every checkout and every scan of the organisation queues on; a backend runs one
 * transaction at a time, so two writers share a row only when their backends' ids fall in the same slot.
 */
export const dashboardChanges = pgTable(
  'dashboard_changes',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    changes: bigint('changes', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.slot] })],
);

/**
 * Paid orders and their tickets per organisation and UTC `day` or `hour` (by `paid_at`), so a period's
 * orders and tickets read a few dozen rows instead of every paid order's index entry. A leader-only job
 * tallies paid orders into it and marks them (`orders.paid_tallied`) in the same transaction, so a reader's
 * snapshot sees an order either tallied and marked or neither: reads add the tallies (through the ledger
 * roll-up's signed cover of the period) and the paid orders not marked yet. A trigger takes an order back
 * out (and unmarks it) if its paid time, ticket count or organisation ever changes, or it is deleted.
 */
export const dashboardPaidRollups = pgTable(
  'dashboard_paid_rollups',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    grain: text('grain', { enum: ['day', 'hour'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    tickets: bigint('tickets', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.grain, table.startsAt] })],
);
