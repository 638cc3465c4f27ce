import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import { columnsOf, type RawStatement, rawRows, rowOf } from '@guichet/db/raw';
import { capacityPools, events, ticketTypes } from '@guichet/db/schema/events';
import { idempotencyKeys } from '@guichet/db/schema/orders';
import { organizations } from '@guichet/db/schema/organizations';
import { and, asc, eq, sql } from 'drizzle-orm';
import { HOOKED_SQL, ORDER_HOOK_PARAMS, orderHooksSql } from './order-webhooks';
import type { OrderRow, Organizer, TicketRow } from './orders.repository';

/**
 * What placing an order reads and writes before it takes its places (capacity.repository.ts takes them).
 * A buyer's order is three round trips (decision 017): the published event with everything the order
 * needs (`readPublishedEvent`), BEGIN with the order's rows (`newOrderStatement`), and the places with the
 * COMMIT. Every function takes the organisation (or, for a buyer, its slug) and uses it in its WHERE.
 */

// The catalogue ----------------------------------------------------------------------------------------------

export type TicketTypeRow = typeof ticketTypes.$inferSelect & {
  pool: { capacity: number; sold: number; held: number } | null;
};

/** A ticket type read with its pool's counts (all null when it has no pool). */
function withPool(
  type: typeof ticketTypes.$inferSelect,
  pool: { poolCapacity: number | null; poolSold: number | null; poolHeld: number | null },
): TicketTypeRow {
  return {
    ...type,
    pool:
      pool.poolCapacity === null
        ? null
        : { capacity: pool.poolCapacity, sold: pool.poolSold ?? 0, held: pool.poolHeld ?? 0 },
  };
}

/**
 * What a staff order reads before its transaction, in one query: the event's ticket types with their
 * pools' counts, and what the buyer's e-mail says of the organiser. (A buyer's checkout reads the same
 * with the event: `readPublishedEvent`.)
 */
export async function orderCatalogue(
  db: Queryable,
  organizationId: string,
  eventId: string,
): Promise<{ types: TicketTypeRow[]; organizer: Organizer }> {
  const rows = await prepared(db, orderCatalogueQuery).execute({ organizationId, eventId });
  const types: TicketTypeRow[] = [];
  for (const row of rows) if (row.type) types.push(withPool(row.type, row));
  const first = rows[0];
  return {
    types,
    organizer: {
      name: first?.organizationName ?? '',
      offlinePaymentInstructions: first?.offlinePaymentInstructions ?? null,
      contactEmail: first?.contactEmail ?? null,
    },
  };
}

const orderCatalogueQuery = (db: Queryable) =>
  db
    .select({
      organizationName: organizations.name,
      offlinePaymentInstructions: organizations.offlinePaymentInstructions,
      contactEmail: organizations.contactEmail,
      type: ticketTypes,
      poolCapacity: capacityPools.capacity,
      poolSold: capacityPools.sold,
      poolHeld: capacityPools.held,
    })
    .from(organizations)
    .leftJoin(
      ticketTypes,
      and(
        eq(ticketTypes.organizationId, organizations.id),
        eq(ticketTypes.eventId, sql.placeholder('eventId')),
      ),
    )
    .leftJoin(
      capacityPools,
      and(eq(capacityPools.id, ticketTypes.poolId), eq(capacityPools.organizationId, organizations.id)),
    )
    .where(eq(organizations.id, sql.placeholder('organizationId')))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id))
    .prepare('order_catalogue');

// The catalogue read of a staff order, prepared once per database handle: the query builder then runs
// once, and PostgreSQL plans the statement once per connection.
const preparedQueries = new WeakMap<object, Map<unknown, unknown>>();
function prepared<P>(db: Queryable, build: (db: Queryable) => P): P {
  let byBuilder = preparedQueries.get(db);
  if (!byBuilder) {
    byBuilder = new Map();
    preparedQueries.set(db, byBuilder);
  }
  let query = byBuilder.get(build) as P | undefined;
  if (!query) {
    query = build(db);
    byBuilder.set(build, query);
  }
  return query;
}

// A buyer's read ---------------------------------------------------------------------------------------------

/**
 * Rows `in_flight` in `idempotency_keys` are claims written before the order by earlier versions; one
 * older than this is taken to be abandoned.
 */
export const STALE_SECONDS = 60;

/** What is stored for an Idempotency-Key (see idempotency.ts). */
export interface PriorKey {
  requestHash: string;
  status: 'in_flight' | 'done';
  responseStatus: number | null;
  responseBody: unknown;
  /** In flight for longer than `STALE_SECONDS`. */
  stale: boolean;
}

export interface PublishedEventRead {
  event: typeof events.$inferSelect;
  organization: { id: string; name: string; slug: string; offlinePaymentInstructions: string | null };
  /** `hooked`: whether the organisation had an enabled webhook endpoint (what the order's statement needs). */
  catalogue: { types: TicketTypeRow[]; organizer: Organizer; hooked: boolean };
  /** What is stored for the key, if any. */
  prior: PriorKey | null;
}

// The event (`e.`) and ticket type (`t.`) columns, named after the schema's keys so `rowOf` maps them.
const PUBLISHED_EVENT_READ = `select ${columnsOf(events, 'e', 'e.')},
    o.name as "organizationName", o.slug as "organizationSlug",
    o.offline_payment_instructions as "organizationInstructions",
    o.contact_email as "organizationContactEmail",
    exists (select 1 from webhook_endpoints w where w.organization_id = e.organization_id and w.enabled)
      as "organizationHooked",
    k.request_hash as "priorRequestHash", k.status as "priorStatus", k.response_status as "priorResponseStatus",
    k.response_body as "priorResponseBody",
    k.updated_at < now() - make_interval(secs => ${STALE_SECONDS}) as "priorStale",
    ${columnsOf(ticketTypes, 'tt', 't.')},
    p.capacity as "poolCapacity", p.sold as "poolSold", p.held as "poolHeld"
  from events e
  join organizations o on o.id = e.organization_id
  left join idempotency_keys k on k.organization_id = e.organization_id and k.key_hash = $3::text
  left join ticket_types tt on tt.organization_id = e.organization_id and tt.event_id = e.id
  left join capacity_pools p on p.id = tt.pool_id and p.organization_id = e.organization_id
  where o.slug = $1 and e.slug = $2 and e.status = 'published'
  order by tt.position, tt.id`;

type PublishedEventRow = Record<string, unknown> & {
  organizationName: string;
  organizationSlug: string;
  organizationInstructions: string | null;
  organizationContactEmail: string | null;
  organizationHooked: boolean;
  priorRequestHash: string | null;
  priorStatus: 'in_flight' | 'done' | null;
  priorResponseStatus: number | null;
  priorResponseBody: unknown;
  priorStale: boolean | null;
  poolCapacity: number | null;
  poolSold: number | null;
  poolHeld: number | null;
};

/**
 * A buyer's checkout (and the public event page) starts with one statement: the published event by its
 * slugs, its organisation, the catalogue of ticket types with their pools' counts and, with an
 * Idempotency-Key, what is stored for the key (`keyHash`: the key, hashed). Unknown organisation, unknown
 * event and an event that is not published all give undefined (the same 404).
 */
export async function readPublishedEvent(
  db: Queryable,
  organizationSlug: string,
  eventSlug: string,
  keyHash: string | undefined,
): Promise<PublishedEventRead | undefined> {
  const rows = await rawRows<PublishedEventRow>(db, {
    name: 'published_event_read',
    text: PUBLISHED_EVENT_READ,
    values: [organizationSlug, eventSlug, keyHash ?? null],
  });
  const first = rows[0];
  if (!first) return undefined;
  const event = rowOf(events, first, 'e.');
  const types: TicketTypeRow[] = [];
  for (const row of rows) if (row['t.id'] !== null) types.push(withPool(rowOf(ticketTypes, row, 't.'), row));
  const organization = {
    id: event.organizationId,
    name: first.organizationName,
    slug: first.organizationSlug,
    offlinePaymentInstructions: first.organizationInstructions,
  };
  return {
    event,
    organization,
    catalogue: {
      types,
      organizer: {
        name: organization.name,
        offlinePaymentInstructions: organization.offlinePaymentInstructions,
        contactEmail: first.organizationContactEmail,
      },
      hooked: first.organizationHooked,
    },
    prior:
      first.priorStatus === null
        ? null
        : {
            requestHash: first.priorRequestHash ?? '',
            status: first.priorStatus,
            responseStatus: first.priorResponseStatus,
            responseBody: first.priorResponseBody,
            stale: first.priorStale === true,
          },
  };
}

// Idempotency-Keys -------------------------------------------------------------------------------------------

/** Removes a claim written by an earlier version and abandoned (`in_flight` for over `STALE_SECONDS`). */
export async function deleteStaleClaim(
  db: Queryable,
  organizationId: string,
  keyHash: string,
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.organizationId, organizationId),
        eq(idempotencyKeys.keyHash, keyHash),
        eq(idempotencyKeys.status, 'in_flight'),
        sql`${idempotencyKeys.updatedAt} < now() - make_interval(secs => ${STALE_SECONDS})`,
      ),
    );
}

/** Stores an answer for the key; one stored meanwhile by a duplicate stays (the first one is the key's). */
export async function insertAnswer(
  db: Queryable,
  organizationId: string,
  key: { keyHash: string; requestHash: string },
  response: { status: number; body: unknown },
): Promise<void> {
  await db
    .insert(idempotencyKeys)
    .values({
      organizationId,
      keyHash: key.keyHash,
      requestHash: key.requestHash,
      status: 'done',
      responseStatus: response.status,
      responseBody: response.body,
    })
    .onConflictDoNothing();
}

// The order's rows -------------------------------------------------------------------------------------------

export interface NewOrder {
  order: OrderRow;
  tickets: TicketRow[];
  /** The outbox message, or null when no mail goes out. */
  mail: unknown | null;
  /** `actorTokenId`: the API token the order was placed through (decision 034), else null. */
  audit: { actorStaffId: string | null; actorTokenId?: string | null; action: string; after: unknown };
  /** The answer stored for the request's Idempotency-Key, committed with the order. */
  answer?: StoredAnswer | undefined;
  /** The buyer's first-party visitor id: the order's attribution is written by the same statement. */
  visitorId?: string | undefined;
  /**
   * false when the organisation had no enabled webhook endpoint when the order's caller read it: the
   * statement then has no webhook CTE and answers `hooked` instead (see `HOOKED_SQL`).
   */
  hooked?: boolean | undefined;
}

export interface StoredAnswer {
  keyHash: string;
  requestHash: string;
  /** The key's advisory lock (`keyLock`). */
  lock: string;
  status: number;
  body: unknown;
}

/**
 * What the order's statement answers: the tickets written and, with a key, whether the key's lock was
 * free (`locked`) and the key stored (`keyed`).
 */
export interface NewOrderRow {
  tickets: number;
  locked?: boolean;
  keyed?: boolean;
  /** Written without the webhook CTE: whether an endpoint is enabled now (see `HOOKED_SQL`). */
  hooked?: boolean;
}

// With an Idempotency-Key, the order is written only if this transaction takes the key's advisory lock (a
// duplicate in flight holds it) and stores the key with its answer (one committed meanwhile is kept, and
// this order is not written): see idempotency.ts.
const KEYED_SQL = `with locked as (
  select pg_try_advisory_xact_lock($25::bigint) as got
), keyed as (
  insert into idempotency_keys (organization_id, key_hash, request_hash, status, response_status,
    response_body, order_id)
  select $2, $26, $27, 'done', $28, $29::jsonb, $1 from locked where got
  on conflict do nothing
  returning 1
), `;

// Tickets travel as one JSON array of records: PostgreSQL estimates its rows the same whatever the order's
// size, so it plans the statement once per connection (with arrays it saw each order's size and planned
// every execution anew).
/** The audit's API token comes after the key's and the visitor's parameters. */
const tokenParam = (keyed: boolean, attributed: boolean) => 25 + (keyed ? 5 : 0) + (attributed ? 1 : 0);
/** The company to invoice (null: none asked for) comes last, after the token. */
const billingParam = (keyed: boolean, attributed: boolean) => tokenParam(keyed, attributed) + 1;

// The order's ticket count (what the dashboard reads) comes from the array its tickets are written from.
const orderSql = (
  keyed: boolean,
  attributed: boolean,
  hooked: boolean,
) => `${keyed ? KEYED_SQL : 'with '}placed_order as (
  insert into orders (id, organization_id, event_id, code, status, channel, payment_method, buyer_name,
    buyer_email, locale, total_minor, currency, reserved_until, created_at, updated_at, paid_at, created_by,
    note, billing, ticket_count)
  select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $16, $17,
    $${billingParam(keyed, attributed)}::jsonb, jsonb_array_length($18::jsonb)
  ${keyed ? 'where exists (select 1 from keyed)' : ''}
  returning id
), placed_tickets as (
  insert into tickets (id, organization_id, order_id, event_id, ticket_type_id, attendee_name, price_minor,
    currency, status, secret, short_code, created_at, updated_at)
  select ticket.id, $2, $1, $3, ticket.type_id, ticket.attendee_name, ticket.price_minor, $12, 'valid',
    ticket.secret, ticket.short_code, $14, $14
  from jsonb_to_recordset($18::jsonb)
    as ticket(id uuid, type_id uuid, attendee_name text, price_minor bigint, secret text, short_code text)
  where exists (select 1 from placed_order)
  returning id
), mail as (
  insert into outbox (id, kind, payload, organization_id, order_id)
  select $19::uuid, 'mail', $20::jsonb, $2, $1
  where $20::jsonb is not null and exists (select 1 from placed_order)
  returning id
), audit as (
  insert into audit_log (id, organization_id, actor_staff_id, actor_token_id, action, target_type, target_id,
    after)
  select $21, $2, $22, $${tokenParam(keyed, attributed)}::uuid, $23, 'order', $1, $24
  where exists (select 1 from placed_order)
  returning id
${
  hooked
    ? `), hooks as (
  ${orderHooksSql(ORDER_HOOK_PARAMS)}
  and exists (select 1 from placed_order)
  returning 1
`
    : ''
})${attributed ? attributionSql(keyed ? 30 : 25) : ''}
select (select count(*) from placed_tickets)::int as tickets${
  keyed ? ', (select got from locked) as locked, exists (select 1 from keyed) as keyed' : ''
}${hooked ? '' : `, ${HOOKED_SQL} as hooked`}`;
// Acquisition: the visitor's first and last visit of the event that came from somewhere (a tracking link,
// UTM values or an outside referrer) within the organisation's window before the order (30 days unless
// it chose another). Read and written by the order's first statement: attribution costs no round trip.
const attributionSql = (visitor: number) => `, touched as (
  select id, occurred_at from acquisition_touches
  where organization_id = $2 and event_id = $3 and visitor_id = $${visitor}::uuid and kind = 'visit'
    and source <> 'direct' and occurred_at <= $14::timestamptz
    and occurred_at > $14::timestamptz - make_interval(days => coalesce(
      (select attribution_window_days from acquisition_settings where organization_id = $2), 30))
), attributed as (
  insert into order_attributions (order_id, organization_id, visitor_id, first_touch_id, last_touch_id)
  select $1, $2, $${visitor}::uuid,
    (select id from touched order by occurred_at, id limit 1),
    (select id from touched order by occurred_at desc, id desc limit 1)
  where exists (select 1 from placed_order)
  returning 1
)`;
/** The statement's eight texts (with a key or not, attributed or not, with the webhook CTE or not). */
const orderSqlTexts = new Map<string, string>();
function orderSqlText(keyed: boolean, attributed: boolean, hooked: boolean): string {
  const name = `${keyed ? '_keyed' : ''}${attributed ? '_attributed' : ''}${hooked ? '' : '_unhooked'}`;
  let text = orderSqlTexts.get(name);
  if (text === undefined) {
    text = orderSql(keyed, attributed, hooked);
    orderSqlTexts.set(name, text);
  }
  return text;
}

/**
 * The statement that writes the order (with the company to invoice, whose invoice the database issues when
 * the order is paid: decision 032), its tickets, its mail in the outbox, its audit entry and its webhook
 * events (`order.created`, and `order.paid` when it is paid at once: decision 034) (and the key's answer),
 * written by hand so they cost one round trip: the first of the order's transaction. Every
 * row is built before the transaction, so nothing needs reading back. It answers one `NewOrderRow`.
 */
export function newOrderStatement(placed: NewOrder): RawStatement {
  const { order, tickets, answer, visitorId } = placed;
  const hooked = placed.hooked !== false;
  return {
    name: `insert_new_order${answer ? '_keyed' : ''}${visitorId ? '_attributed' : ''}${hooked ? '' : '_unhooked'}`,
    text: orderSqlText(Boolean(answer), Boolean(visitorId), hooked),
    values: [
      order.id,
      order.organizationId,
      order.eventId,
      order.code,
      order.status,
      order.channel,
      order.paymentMethod,
      order.buyerName,
      order.buyerEmail,
      order.locale,
      order.totalMinor,
      order.currency,
      order.reservedUntil,
      order.createdAt,
      order.paidAt,
      order.createdBy,
      order.note,
      JSON.stringify(
        tickets.map((ticket) => ({
          id: ticket.id,
          type_id: ticket.ticketTypeId,
          attendee_name: ticket.attendeeName,
          price_minor: ticket.priceMinor,
          secret: ticket.secret,
          short_code: ticket.shortCode,
        })),
      ),
      uuidv7(order.createdAt.getTime()),
      placed.mail === null ? null : JSON.stringify(placed.mail),
      uuidv7(order.createdAt.getTime()),
      placed.audit.actorStaffId,
      placed.audit.action,
      JSON.stringify(placed.audit.after),
      ...(answer
        ? [answer.lock, answer.keyHash, answer.requestHash, answer.status, JSON.stringify(answer.body)]
        : []),
      ...(visitorId ? [visitorId] : []),
      placed.audit.actorTokenId ?? null,
      order.billing === null ? null : JSON.stringify(order.billing),
    ],
  };
}
