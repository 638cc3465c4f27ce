import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';

export const staff = pgTable('staff', {
  id: uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7()),
  /** Stored trimmed and lower-cased; unique across the whole service. */
  email: text('email').notNull().unique(),
  displayName: text('display_name').notNull(),
  locale: text('locale').notNull().default('en'),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /**
   * Carried by every access token; ending all sessions (password change or reset, "sign out everywhere")
   * adds one, so tokens issued before are refused at their next request.
   */
  sessionGeneration: integer('session_generation').notNull().default(0),
});

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; every refresh rotates
 * the token within the family, and presenting a rotated token again revokes the family (theft detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('refresh_tokens_staff_idx').on(table.staffId),
    index('refresh_tokens_family_idx').on(table.familyId),
  ],
);

/** Single-use password reset codes, stored hashed, valid for a short time. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_codes_staff_idx').on(table.staffId).where(sql`used_at is null`)],
);
