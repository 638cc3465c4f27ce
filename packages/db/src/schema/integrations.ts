import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { staff } from './identity';
import { organizations } from './organizations';

/**
 * An organisation's API tokens (decision 034): a name, a subset of permissions and an optional expiry.
 * Only the SHA-256 of the secret is kept; the secret is shown once at creation. A token acts in its
 * organisation with its own permissions, for as long as the staff member who made it is staff there.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull(),
    /** SHA-256 (base64url) of the whole secret; the guard finds the token by it. */
    tokenHash: text('token_hash').notNull(),
    /** The secret's first characters (prefix included), to tell tokens apart in the list. */
    displayPrefix: text('display_prefix').notNull(),
    createdByStaffId: uuid('created_by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_hash_idx').on(table.tokenHash),
    index('api_tokens_organization_idx').on(table.organizationId, table.createdAt),
    index('api_tokens_active_idx').on(table.organizationId).where(sql`revoked_at is null`),
  ],
);
