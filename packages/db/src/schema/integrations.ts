import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * Where an organisation's webhooks go (decision 034): a URL, the event types it wants and the signing
 * secret (`whsec_` + base64, Standard Webhooks). The secret signs every request, so it is kept as is (an
 * HMAC key cannot be hashed); it is answered once at creation and at each rotation.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when deliveries kept failing for the whole retry window; cleared when re-enabled. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_organization_idx').on(table.organizationId, table.createdAt)],
);

/**
 * The webhooks' outbox, a lane of its own: one row per event and endpoint, written in the transaction of
 * the change, delivered by the webhook worker (never by the mail worker) at least once with backoff. The
 * row keeps the last attempt's request and response (truncated) for the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** `webhook-id`: the same for every attempt and replay of one event, so receivers can drop repeats. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The body sent, as JSON: `{ type, timestamp, data }`. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    /** The delivery this one replays, if any. */
    replayOf: uuid('replay_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(
      table.organizationId,
      table.endpointId,
      table.createdAt,
      table.id,
    ),
  ],
);

/**
 * The stored answers of `Idempotency-Key` (decision 034, generic mechanism): one row per (organisation,
 * caller, route, key). Claimed before the handler runs (status null while in flight), then given the
 * answer's status and body; a repeat with the same body gets that answer again, a different body 422.
 * Kept 24 hours (a leader-only job deletes older rows). The public checkout keeps its own key in the
 * order's statements (decision 017, table `idempotency_keys`) and never writes here.
 */
export const idempotentAnswers = pgTable(
  'idempotent_answers',
  {
    /** Null for a request made outside any organisation (an organisation's creation): keyed by its caller. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** `staff:<id>` or `token:<id>`: two callers of one organisation never share a key. */
    caller: text('caller').notNull(),
    /** The method and the route's pattern (`POST /api/events/:eventId/ticket-types`). */
    route: text('route').notNull(),
    /** The key as sent; `sha256:<hex>` of it where the answer is sealed (it is part of the sealing key). */
    key: text('key').notNull(),
    /**
     * SHA-256 of the request's parameters, query and body: a reuse with another body is refused. Null
     * while a streamed body (a CSV import) is still being read: it is hashed as the handler reads it.
     */
    fingerprint: text('fingerprint'),
    responseStatus: integer('response_status'),
    /**
     * The answer's body as sent, or sealed (`v1.<iv>.<tag>.<data>`, AES-256-GCM) where it shows a secret
     * once (an API token's creation): only the server's secret with the key as sent opens it.
     */
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A request outside any organisation counts as one of the nil organisation, so that its key is unique too.
    uniqueIndex('idempotent_answers_key_idx').on(
      sql`coalesce(${table.organizationId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      table.caller,
      table.route,
      table.key,
    ),
    index('idempotent_answers_created_idx').on(table.createdAt),
  ],
);
