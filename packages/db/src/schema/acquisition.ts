import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { events } from './events';
import { orders } from './orders';
import { organizations } from './organizations';

/**
 * A tracking link of an event: a name and a channel for the organiser, UTM values for other tools, and a
 * short public code (`/t/<code>`) that redirects to the event's public page carrying the link.
 */
export const trackingLinks = pgTable(
  'tracking_links',
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
    /** Random, unguessable, unique across organisations (the short address names no organisation). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    channel: text('channel').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tracking_links_code_idx').on(table.code),
    index('tracking_links_organization_event_idx').on(table.organizationId, table.eventId, table.id),
    index('tracking_links_organization_id_idx').on(table.organizationId, table.id),
  ],
);

export const TOUCH_KINDS = ['visit', 'checkout'] as const;
export const TOUCH_SOURCES = ['link', 'utm', 'referrer', 'direct'] as const;

/**
 * A first-party touch on an event's public page: a visit, or a checkout started. Nothing personal is kept:
 * no IP address, no user agent, only a random visitor id the browser made, and of a referrer only its host.
 * `channel`, `link_id` and the UTM values are decided when the touch is recorded (a link's own values win).
 */
export const acquisitionTouches = pgTable(
  'acquisition_touches',
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
    visitorId: uuid('visitor_id').notNull(),
    kind: text('kind', { enum: TOUCH_KINDS }).notNull(),
    source: text('source', { enum: TOUCH_SOURCES }).notNull(),
    channel: text('channel').notNull(),
    linkId: uuid('link_id').references(() => trackingLinks.id, { onDelete: 'set null' }),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    referrerHost: text('referrer_host'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The order's attribution reads one visitor's touches of one event.
    index('acquisition_touches_visitor_idx').on(
      table.organizationId,
      table.eventId,
      table.visitorId,
      table.occurredAt,
    ),
    // The funnel reads a period of an organisation.
    index('acquisition_touches_period_idx').on(table.organizationId, table.occurredAt),
    check('acquisition_touches_kind_valid', sql`${table.kind} in ('visit', 'checkout')`),
    check('acquisition_touches_source_valid', sql`${table.source} in ('link', 'utm', 'referrer', 'direct')`),
  ],
);

/**
 * Where an order came from, written by the order's own first statement: the visitor's first and last
 * touch (a visit carrying a link, UTM values or an outside referrer) of the event within the organisation's
 * window before the order. Both null: the order came direct.
 */
export const orderAttributions = pgTable(
  'order_attributions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id').notNull(),
    firstTouchId: uuid('first_touch_id').references(() => acquisitionTouches.id, { onDelete: 'set null' }),
    lastTouchId: uuid('last_touch_id').references(() => acquisitionTouches.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('order_attributions_organization_idx').on(table.organizationId, table.orderId),
    // Purging old touches sets these to null: without an index, each deleted touch read the whole table.
    index('order_attributions_first_touch_idx')
      .on(table.firstTouchId)
      .where(sql`${table.firstTouchId} is not null`),
    index('order_attributions_last_touch_idx')
      .on(table.lastTouchId)
      .where(sql`${table.lastTouchId} is not null`),
  ],
);

/** An organisation's acquisition settings; without a row, the defaults apply (a 30-day window). */
export const acquisitionSettings = pgTable(
  'acquisition_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    attributionWindowDays: integer('attribution_window_days').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('acquisition_settings_window_valid', sql`${table.attributionWindowDays} between 1 and 365`),
  ],
);
