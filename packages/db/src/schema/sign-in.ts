import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { staff } from './identity';

/** Third-party (OpenID Connect) accounts linked to a staff member, by verified e-mail only. */
export const staffIdentities = pgTable(
  'staff_identities',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    unique('staff_identities_provider_subject').on(table.provider, table.subject),
    index().on(table.staffId),
  ],
);

/**
 * Short-lived, single-use, hashed tokens of the sign-in flows: e-mail links, OIDC state, and the second
 * step of a sign-in that needs two-factor verification.
 */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    kind: text('kind', { enum: ['email-link', 'oidc-state', 'mfa-challenge'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The e-mail a link was sent to (e-mail link), or the staff member (MFA challenge). */
    email: text('email'),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    /** Flow data: OIDC nonce and PKCE verifier, return path... */
    data: text('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_tokens_expiry_idx').on(table.expiresAt).where(sql`used_at is null`)],
);

/** TOTP two-factor: the secret (encrypted at rest by the API) and hashed single-use recovery codes. */
export const twoFactor = pgTable('two_factor', {
  staffId: uuid('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted time step: a code is accepted once (no replay within its window). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index().on(table.staffId)],
);
