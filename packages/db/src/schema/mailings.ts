import { sql } from 'drizzle-orm';
import {
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
import { staff } from './identity';
import { customers } from './orders';
import { organizations } from './organizations';

export const MAILING_KINDS = ['marketing', 'event-update'] as const;
export const MAILING_STATUSES = ['draft', 'sending', 'paused', 'cancelled', 'sent', 'failed'] as const;
export const RECIPIENT_STATUSES = [
  'queued',
  'sent',
  'skipped-suppressed',
  'skipped-no-consent',
  'failed',
  'cancelled',
] as const;
export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'complained'] as const;

/**
 * A mailing: one message written by staff for many people. `marketing` goes to a member list or a
 * filtered set of customers and only to those with recorded consent; `event-update` goes to the buyers of
 * one event's valid tickets and needs no consent (it is about what they bought).
 */
export const mailings = pgTable(
  'mailings',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MAILING_KINDS }).notNull(),
    /** Who it goes to: `{ kind: 'list', listId }`, `{ kind: 'filter', filters }` or `{ kind: 'event', eventId }`. */
    audience: jsonb('audience').notNull(),
    subject: text('subject').notNull(),
    /** Sanitised HTML (the events' allow-list sanitiser), never the raw input. */
    bodyHtml: text('body_html').notNull(),
    status: text('status', { enum: MAILING_STATUSES }).notNull().default('draft'),
    /**
     * Where the expansion of the audience into recipients stopped (a customer id, or a lower-case e-mail
     * for an event's buyers); null before it starts. `expanded_at` is set once every recipient is queued.
     */
    expansionCursor: text('expansion_cursor'),
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the status last changed (a mailing paused for over an hour is shown on the dashboard). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('mailings_organization_idx').on(table.organizationId, table.id),
    index('mailings_sending_idx').on(table.status).where(sql`status = 'sending'`),
    check('mailings_kind_valid', sql`${table.kind} in ('marketing', 'event-update')`),
    check(
      'mailings_status_valid',
      sql`${table.status} in ('draft', 'sending', 'paused', 'cancelled', 'sent', 'failed')`,
    ),
  ],
);

/**
 * One recipient of a mailing: the mailing's own queue (its lane, apart from the outbox that carries
 * tickets), with the status of each person. One row per mailing and lower-case e-mail.
 */
export const mailingRecipients = pgTable(
  'mailing_recipients',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    mailingId: uuid('mailing_id')
      .notNull()
      .references(() => mailings.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Lower case. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** `en` or `fr`: the language of the footer and the unsubscribe page. */
    language: text('language').notNull().default('en'),
    status: text('status', { enum: RECIPIENT_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('mailing_recipients_mailing_email_idx').on(table.mailingId, table.email),
    index('mailing_recipients_due_idx').on(table.nextAttemptAt, table.id).where(sql`status = 'queued'`),
    index('mailing_recipients_page_idx').on(table.organizationId, table.mailingId, table.id),
    check(
      'mailing_recipients_status_valid',
      sql`${table.status} in ('queued', 'sent', 'skipped-suppressed', 'skipped-no-consent', 'failed', 'cancelled')`,
    ),
    check('mailing_recipients_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * Addresses an organisation must not send marketing mail to (unsubscribed, bounced, complained), checked
 * for each recipient when its mail leaves. One row per organisation and lower-case e-mail.
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
    /** The mailing whose link or bounce caused it, when known. */
    mailingId: uuid('mailing_id').references(() => mailings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.email] }),
    check(
      'mail_suppressions_reason_valid',
      sql`${table.reason} in ('unsubscribed', 'bounced', 'complained')`,
    ),
    check('mail_suppressions_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);
