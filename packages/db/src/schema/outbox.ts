import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { orders } from './orders';
import { organizations } from './organizations';

/**
 * Transactional outbox: written in the same transaction as the action that causes it, delivered by the
 * job worker with retries. Mail that cannot leave (no SMTP configured) stays here with status `stored`
 * and is readable on the development mailbox page.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /**
     * The order a mail is about (its tickets, its payment instructions), so the back office can list the
     * mail of an order. Null for mail about no order (password resets, invitations).
     */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_organization_order_idx')
      .on(table.organizationId, table.orderId, table.createdAt)
      .where(sql`order_id is not null`),
  ],
);
