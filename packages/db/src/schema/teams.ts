import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { staff } from './identity';
import { apiTokens } from './integrations';
import { organizations } from './organizations';

/** Invitations to join an organisation with a set of permissions: single-use, expiring, hashed at rest. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    permissions: text('permissions').array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => staff.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('invitations_organization_idx').on(table.organizationId, table.createdAt),
    // One pending invitation per e-mail and organisation: a new one must replace the old (revoke first).
    uniqueIndex('invitations_pending_email_idx')
      .on(table.organizationId, table.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

/** Who did what, when, with the state before and after: written in the transaction of the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorStaffId: uuid('actor_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Set when the change was made through an API token (decision 034): the token, not a person, acted. */
    actorTokenId: uuid('actor_token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
    /** e.g. `staff.permissions-changed`, `invitation.created`, `settings.company-updated`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_organization_idx').on(table.organizationId, table.createdAt),
    index('audit_log_target_idx').on(table.organizationId, table.targetType, table.targetId),
  ],
);
