import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { staff } from './identity';
import { customers } from './orders';
import { organizations } from './organizations';

export const CONSENT_SOURCES = ['checkout', 'staff', 'import', 'unsubscribe'] as const;

/**
 * Marketing consent as an append-only history: each row is one grant or withdrawal with the exact words
 * the person saw. The latest row (by id, time-ordered) is the customer's current consent; a trigger of the
 * custom migration refuses UPDATE, so what was recorded stays as it was.
 */
export const customerConsents = pgTable(
  'customer_consents',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    granted: boolean('granted').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    /** The sentence shown when the person ticked (or the reason given when staff recorded it). */
    wording: text('wording').notNull(),
    /** The order whose checkout recorded it, when it came from one. */
    orderId: uuid('order_id'),
    recordedBy: uuid('recorded_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_consents_customer_idx').on(table.organizationId, table.customerId, table.id),
    check(
      'customer_consents_source_valid',
      sql`${table.source} in ('checkout', 'staff', 'import', 'unsubscribe')`,
    ),
  ],
);

/** Notes staff write on a customer's timeline. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorId: uuid('author_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customer_notes_customer_idx').on(table.organizationId, table.customerId, table.id)],
);

/** A named list of customers (members of a club, subscribers, a guest list) that may gate ticket types. */
export const memberLists = pgTable(
  'member_lists',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_lists_organization_name_idx').on(table.organizationId, sql`lower(${table.name})`),
  ],
);

/**
 * A customer on a list, optionally only between two days (a season's membership). One row per list and
 * customer, held by the primary key, so adding the same person twice at once keeps one.
 */
export const memberListMembers = pgTable(
  'member_list_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => memberLists.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** First day the membership counts (inclusive, the organisation's calendar); null: since always. */
    validFrom: text('valid_from'),
    /** Last day the membership counts (inclusive); null: no end. */
    validUntil: text('valid_until'),
    /** Tickets of a gated type this member may buy across all their orders; null: no limit. */
    maxTickets: integer('max_tickets'),
    addedBy: uuid('added_by').references(() => staff.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.listId, table.customerId] }),
    index('member_list_members_customer_idx').on(table.organizationId, table.customerId),
    check(
      'member_list_members_window_valid',
      sql`${table.validFrom} is null or ${table.validUntil} is null or ${table.validFrom} <= ${table.validUntil}`,
    ),
    check('member_list_members_max_valid', sql`${table.maxTickets} is null or ${table.maxTickets} >= 1`),
  ],
);

/** Who added or removed whom on a list, and when: kept when the membership itself is gone. */
export const memberListHistory = pgTable(
  'member_list_history',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => memberLists.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['added', 'removed', 'changed'] }).notNull(),
    validFrom: text('valid_from'),
    validUntil: text('valid_until'),
    actorId: uuid('actor_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_list_history_list_idx').on(table.organizationId, table.listId, table.id),
    index('member_list_history_customer_idx').on(table.organizationId, table.customerId, table.id),
    check('member_list_history_action_valid', sql`${table.action} in ('added', 'removed', 'changed')`),
  ],
);
