import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { staff } from './identity';
import { organizations } from './organizations';
import { files } from './settings';

/**
 * An event of an organisation. Times are instants (UTC); `time_zone` is the IANA zone they are shown in.
 * A venue (name, address, coordinates) or an online URL, never neither once validated by the service.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Sanitised HTML (allow-list applied by the API before storing). */
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    status: text('status', { enum: ['draft', 'published', 'cancelled', 'archived'] })
      .notNull()
      .default('draft'),
    cancelReason: text('cancel_reason'),
    locationType: text('location_type', { enum: ['venue', 'online'] })
      .notNull()
      .default('venue'),
    venueName: text('venue_name'),
    venueAddress: text('venue_address'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    onlineUrl: text('online_url'),
    /** When set, online checkout refuses an order unless every ticket carries its attendee's name. */
    attendeeNamesRequired: boolean('attendee_names_required').notNull().default(false),
    coverFileId: uuid('cover_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('events_organization_slug_idx').on(table.organizationId, table.slug),
    index('events_organization_starts_idx').on(table.organizationId, table.startsAt, table.id),
    index('events_organization_name_idx').on(table.organizationId, table.name, table.id),
    check('events_ends_after_starts', sql`${table.endsAt} > ${table.startsAt}`),
    check('events_status_valid', sql`${table.status} in ('draft', 'published', 'cancelled', 'archived')`),
    check('events_location_type_valid', sql`${table.locationType} in ('venue', 'online')`),
    check('events_latitude_range', sql`${table.latitude} between -90 and 90`),
    check('events_longitude_range', sql`${table.longitude} between -180 and 180`),
  ],
);

/**
 * A capacity shared by several ticket types of one event (pretix's quota). `sold` and `held` only move
 * through guarded updates (`... WHERE sold + held + n <= capacity`); the checks are the last line.
 */
export const capacityPools = pgTable(
  'capacity_pools',
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
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('capacity_pools_organization_event_idx').on(table.organizationId, table.eventId),
    check(
      'capacity_pools_counts_valid',
      sql`${table.capacity} >= 0 and ${table.sold} >= 0 and ${table.held} >= 0`,
    ),
    check('capacity_pools_within_capacity', sql`${table.sold} + ${table.held} <= ${table.capacity}`),
  ],
);

export const ticketTypes = pgTable(
  'ticket_types',
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
    poolId: uuid('pool_id').references(() => capacityPools.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Integer minor units of `currency` (the organisation's default currency). */
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** VAT rate in basis points (550 = 5.5 %); null: the organisation's default rate. */
    vatRateBp: integer('vat_rate_bp'),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    salesStart: timestamp('sales_start', { withTimezone: true }),
    salesEnd: timestamp('sales_end', { withTimezone: true }),
    minPerOrder: integer('min_per_order').notNull().default(1),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    visibility: text('visibility', { enum: ['public', 'hidden', 'members'] })
      .notNull()
      .default('public'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ticket_types_organization_event_idx').on(table.organizationId, table.eventId, table.position),
    index('ticket_types_pool_idx').on(table.poolId),
    check(
      'ticket_types_counts_valid',
      sql`${table.capacity} >= 0 and ${table.sold} >= 0 and ${table.held} >= 0 and ${table.priceMinor} >= 0`,
    ),
    check('ticket_types_within_capacity', sql`${table.sold} + ${table.held} <= ${table.capacity}`),
    check(
      'ticket_types_per_order_valid',
      sql`${table.minPerOrder} >= 1 and ${table.minPerOrder} <= ${table.maxPerOrder}`,
    ),
    check(
      'ticket_types_sales_window_valid',
      sql`${table.salesStart} is null or ${table.salesEnd} is null or ${table.salesStart} < ${table.salesEnd}`,
    ),
    check('ticket_types_visibility_valid', sql`${table.visibility} in ('public', 'hidden', 'members')`),
    check(
      'ticket_types_vat_rate_valid',
      sql`${table.vatRateBp} is null or (${table.vatRateBp} >= 0 and ${table.vatRateBp} <= 10000)`,
    ),
  ],
);
