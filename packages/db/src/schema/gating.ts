import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { memberLists } from './customers';
import { events, ticketTypes } from './events';
import { organizations } from './organizations';

/**
 * A `members` ticket type's gate: how many of its tickets one member may hold across all their orders
 * (null: no limit beyond the per-order bounds). One row per gated type; its lists are `member_gate_lists`.
 */
export const memberGates = pgTable(
  'member_gates',
  {
    ticketTypeId: uuid('ticket_type_id')
      .primaryKey()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    maxPerMember: integer('max_per_member'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_gates_organization_idx').on(table.organizationId),
    check('member_gates_max_valid', sql`${table.maxPerMember} is null or ${table.maxPerMember} >= 1`),
  ],
);

/** The member lists whose members may buy a gated ticket type (any one of them is enough). */
export const memberGateLists = pgTable(
  'member_gate_lists',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => memberGates.ticketTypeId, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => memberLists.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.ticketTypeId, table.listId] }),
    index('member_gate_lists_list_idx').on(table.organizationId, table.listId),
  ],
);

/**
 * A one-time code mailed to a listed address for the gated types of one event. Only an HMAC of the code
 * is kept (keyed by the server secret: six digits would fall to an offline search of a plain hash). A
 * code is good for `expires_at`, a few wrong tries (`attempts`) and one order (`used_at`).
 */
export const memberCodes = pgTable(
  'member_codes',
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
    /** The address the code went to, lower-case. */
    email: text('email').notNull(),
    /** The gated types this address could buy when the code was sent. */
    ticketTypeIds: uuid('ticket_type_ids').array().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByOrderId: uuid('used_by_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_codes_lookup_idx').on(table.organizationId, table.eventId, table.email, table.id),
    check('member_codes_email_lower', sql`${table.email} = lower(${table.email})`),
    check('member_codes_attempts_valid', sql`${table.attempts} >= 0`),
  ],
);
