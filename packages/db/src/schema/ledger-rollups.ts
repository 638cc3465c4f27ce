import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { orders } from './orders';
import { organizations } from './organizations';

/**
 * Pre-aggregated ledger totals (decision 036), so a year of figures reads a few thousand rows instead of
 * half a million. Folded by a leader-only job from the ledger rows inserted since the watermark; reads add
 * the raw rows after the watermark and the raw rows of the partial hours at a period's edges. Amounts never
 * change in the ledger (erasure rewrites `reason` only), so a folded total stays right.
 *
 * Grains are UTC units: an `hour`, a `day`, a `month` or a `year` starting at `starts_at`. A row of the ledger
 * is in one unit of each grain. `method` is '' for rows without one (a primary key cannot hold a null). The
 * year lets a year's summary read one unit and a month or two instead of twelve months (decision 036, third
 * pass).
 */
export const ROLLUP_GRAINS = ['hour', 'day', 'month', 'year'] as const;

const amounts = {
  currency: char('currency', { length: 3 }).notNull(),
  kind: text('kind').notNull(),
  method: text('method').notNull(),
  /** Sum of the rows' amounts, in minor units. */
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  /** How many rows. */
  entries: bigint('entries', { mode: 'number' }).notNull(),
  /** How many rows name an order (sales count orders; see `ledgerRepeatSaleOrders`). */
  orderEntries: bigint('order_entries', { mode: 'number' }).notNull(),
};

/** Per organisation and UTC unit: totals by currency, kind and method (the summary, its method split, charts). */
export const ledgerRollups = pgTable(
  'ledger_rollups',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    grain: text('grain', { enum: ROLLUP_GRAINS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    ...amounts,
  },
  (table) => [
    primaryKey({
      columns: [table.organizationId, table.grain, table.startsAt, table.currency, table.kind, table.method],
    }),
    check('ledger_rollups_grain_valid', sql`${table.grain} in ('hour', 'day', 'month', 'year')`),
  ],
);

/**
 * Per organisation, event and UTC day, month or year: the same totals by event (the by-event split, one event's
 * figures, the "by event date" mode). No hour grain: an event's partial days at a period's edges are read
 * raw (a few days of rows), which keeps this table small when many events sell at once.
 */
export const ledgerEventRollups = pgTable(
  'ledger_event_rollups',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    grain: text('grain', { enum: ROLLUP_GRAINS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    ...amounts,
  },
  (table) => [
    primaryKey({
      columns: [
        table.organizationId,
        table.eventId,
        table.grain,
        table.startsAt,
        table.currency,
        table.kind,
        table.method,
      ],
    }),
    index('ledger_event_rollups_period_idx').on(table.organizationId, table.grain, table.startsAt),
    check('ledger_event_rollups_grain_valid', sql`${table.grain} in ('day', 'month', 'year')`),
  ],
);

/** The watermark: every ledger row with `seq` up to `folded_seq` is in the roll-ups, once. A single row. */
export const ledgerRollupState = pgTable(
  'ledger_rollup_state',
  {
    id: smallint('id').primaryKey(),
    foldedSeq: bigint('folded_seq', { mode: 'number' }).notNull(),
    foldedAt: timestamp('folded_at', { withTimezone: true }),
  },
  (table) => [check('ledger_rollup_state_single', sql`${table.id} = 1`)],
);

/**
 * Orders with more than one folded sale row (paid twice): a count of distinct orders cannot be summed from
 * totals, so reads count these orders' sale rows raw. Rare; written by the fold.
 */
export const ledgerRepeatSaleOrders = pgTable(
  'ledger_repeat_sale_orders',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.orderId] })],
);
