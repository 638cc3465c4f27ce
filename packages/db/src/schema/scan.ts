import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { tickets } from './orders';
import { organizations } from './organizations';

/**
 * A check-in list: which ticket types a gate admits, when, and whether a ticket may come back in
 * (re-entry after an exit) or enter any number of times.
 */
export const checkinLists = pgTable(
  'checkin_lists',
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
    allTicketTypes: boolean('all_ticket_types').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    allowReentry: boolean('allow_reentry').notNull().default(false),
    allowMultipleEntries: boolean('allow_multiple_entries').notNull().default(false),
    capacityAlert: integer('capacity_alert'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('checkin_lists_organization_event_idx').on(table.organizationId, table.eventId, table.id),
    check(
      'checkin_lists_window_valid',
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.startsAt} < ${table.endsAt}`,
    ),
    check(
      'checkin_lists_capacity_alert_valid',
      sql`${table.capacityAlert} is null or ${table.capacityAlert} > 0`,
    ),
  ],
);

/** The ticket types a list covers when it does not cover all of them. */
export const checkinListTicketTypes = pgTable(
  'checkin_list_ticket_types',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => checkinLists.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.listId, table.ticketTypeId] })],
);

/**
 * Every scan, admitted or refused, online or synced from an offline scanner. `admitted` is what the door
 * did (the server's verdict online; the device's own decision offline, since the person walked through);
 * `result`/`reason` are the server's verdict. `order_at` orders a ticket's scans for replay: the server's
 * clock for scans it decided, the device's scan time for offline ones. The nonce is unique per
 * organisation, so a scan sent twice is recorded once and answered with its first answer.
 */
export const checkinLog = pgTable(
  'checkin_log',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    // Organisation and event are the list's (a list is deleted with them and its log with it): no foreign
    // keys of their own, so the hottest insert checks two parents instead of four.
    organizationId: uuid('organization_id').notNull(),
    eventId: uuid('event_id').notNull(),
    /** The list that judged the scan, or the first list scanned when none covered the ticket. */
    listId: uuid('list_id')
      .notNull()
      .references(() => checkinLists.id, { onDelete: 'cascade' }),
    /** Null when the secret named no ticket of the organisation. */
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['entry', 'exit'] }).notNull(),
    result: text('result', { enum: ['ok', 'refused'] }).notNull(),
    reason: text('reason'),
    admitted: boolean('admitted').notNull(),
    deviceId: text('device_id').notNull(),
    nonce: text('nonce').notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    orderAt: timestamp('order_at', { withTimezone: true }).notNull(),
    offline: boolean('offline').notNull().default(false),
    /** The answer given the first time, replayed for the same nonce. */
    answer: jsonb('answer').notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => staff.id, { onDelete: 'set null' }),
    undoReason: text('undo_reason'),
  },
  (table) => [
    uniqueIndex('checkin_log_organization_nonce_idx').on(table.organizationId, table.nonce),
    index('checkin_log_organization_event_idx').on(table.organizationId, table.eventId, table.id),
    index('checkin_log_organization_ticket_idx').on(table.organizationId, table.ticketId, table.listId),
    // The dashboard's admissions of a period: an index-only count of the period's range, not every scan of
    // the organisation (undone_at in the key so undone ones are left out without reading the rows).
    index('checkin_log_organization_admitted_idx')
      .on(table.organizationId, table.scannedAt, table.undoneAt)
      .where(sql`${table.admitted} and ${table.direction} = 'entry'`),
    check('checkin_log_direction_valid', sql`${table.direction} in ('entry', 'exit')`),
    check('checkin_log_result_valid', sql`${table.result} in ('ok', 'refused')`),
    check('checkin_log_reason_valid', sql`(${table.result} = 'ok') = (${table.reason} is null)`),
    check('checkin_log_undo_valid', sql`${table.undoneAt} is null or ${table.admitted}`),
  ],
);

/**
 * A ticket's state on one list, the row every admission goes through: online redeems change it with one
 * guarded `INSERT ... ON CONFLICT DO UPDATE ... WHERE`, so of any number of simultaneous scans exactly one
 * finds the state that admits. Event and ticket type are copied here so the headcount reads one table.
 */
export const checkinPresence = pgTable(
  'checkin_presence',
  {
    // As in the log: organisation and event come with the list.
    organizationId: uuid('organization_id').notNull(),
    listId: uuid('list_id')
      .notNull()
      .references(() => checkinLists.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    ticketTypeId: uuid('ticket_type_id').notNull(),
    state: text('state', { enum: ['never', 'inside', 'outside'] }).notNull(),
    entries: integer('entries').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }),
    lastDeviceId: text('last_device_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.listId, table.ticketId] }),
    index('checkin_presence_organization_event_idx').on(table.organizationId, table.eventId),
    check('checkin_presence_state_valid', sql`${table.state} in ('never', 'inside', 'outside')`),
    check(
      'checkin_presence_entries_valid',
      sql`${table.entries} >= 0 and (${table.state} = 'never') = (${table.entries} = 0)`,
    ),
  ],
);

export const CONFLICT_KINDS = ['double-entry', 'not-valid'] as const;

/**
 * What staff must look at after offline scans arrive: two admissions of one ticket on one list that the
 * list's rules forbid (`double-entry`, the pair unique), or one admission of a ticket that no longer
 * admitted, its order refunded or cancelled (`not-valid`, no first check-in, unique per admission). Replaying
 * the same scans never raises the same conflict twice.
 */
export const checkinConflicts = pgTable(
  'checkin_conflicts',
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
    listId: uuid('list_id')
      .notNull()
      .references(() => checkinLists.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONFLICT_KINDS }).notNull().default('double-entry'),
    firstCheckinId: uuid('first_checkin_id').references(() => checkinLog.id, { onDelete: 'cascade' }),
    secondCheckinId: uuid('second_checkin_id')
      .notNull()
      .references(() => checkinLog.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => staff.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
  },
  (table) => [
    uniqueIndex('checkin_conflicts_pair_idx').on(
      table.organizationId,
      table.firstCheckinId,
      table.secondCheckinId,
    ),
    index('checkin_conflicts_organization_event_idx').on(table.organizationId, table.eventId, table.status),
    index('checkin_conflicts_organization_ticket_idx').on(table.organizationId, table.ticketId, table.listId),
    check('checkin_conflicts_status_valid', sql`${table.status} in ('open', 'resolved')`),
    check(
      'checkin_conflicts_resolution_valid',
      sql`(${table.status} = 'resolved') = (${table.resolvedAt} is not null)`,
    ),
    check('checkin_conflicts_pair_valid', sql`${table.firstCheckinId} <> ${table.secondCheckinId}`),
    uniqueIndex('checkin_conflicts_not_valid_idx')
      .on(table.organizationId, table.secondCheckinId)
      .where(sql`kind = 'not-valid'`),
    check('checkin_conflicts_kind_valid', sql`${table.kind} in ('double-entry', 'not-valid')`),
    check(
      'checkin_conflicts_first_valid',
      sql`(${table.kind} = 'double-entry') = (${table.firstCheckinId} is not null)`,
    ),
  ],
);
