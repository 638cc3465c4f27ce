import { uuidv7 } from '@guichet/db/ids';
import type { RawStatement } from '@guichet/db/raw';
import type { CapacityRider } from '../events/events.repository';
import { inProgress } from './idempotency';
import type { OrderRow, TicketRow } from './orders.repository';

/**
 * The writes of a new order, written by hand so they cost one round trip: the order, its tickets, its
 * e-mail in the outbox and its audit entry go in one statement, and the customer's counts ride on the
 * statement that takes the last places (`customerRider`). Every row is built here, before the
 * transaction, so nothing needs reading back.
 */

export interface NewOrder {
  order: OrderRow;
  tickets: TicketRow[];
  /** The outbox message, or null when no mail goes out. */
  mail: unknown | null;
  audit: { actorStaffId: string | null; action: string; after: unknown };
  /** The answer stored for the request's Idempotency-Key, committed with the order. */
  answer?: StoredAnswer | undefined;
}

export interface StoredAnswer {
  keyHash: string;
  requestHash: string;
  /** The key's advisory lock (`keyLock`). */
  lock: string;
  status: number;
  body: unknown;
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
const orderSql = (keyed: boolean) => `${keyed ? KEYED_SQL : 'with '}placed_order as (
  insert into orders (id, organization_id, event_id, code, status, channel, payment_method, buyer_name,
    buyer_email, locale, total_minor, currency, reserved_until, created_at, updated_at, paid_at, created_by,
    note)
  select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $16, $17
  ${keyed ? 'where exists (select 1 from keyed)' : ''}
  returning id
), placed_tickets as (
  insert into tickets (id, organization_id, order_id, event_id, ticket_type_id, attendee_name, price_minor,
    currency, status, secret, created_at, updated_at)
  select ticket.id, $2, $1, $3, ticket.type_id, ticket.attendee_name, ticket.price_minor, $12, 'valid',
    ticket.secret, $14, $14
  from jsonb_to_recordset($18::jsonb)
    as ticket(id uuid, type_id uuid, attendee_name text, price_minor bigint, secret text)
  where exists (select 1 from placed_order)
  returning id
), mail as (
  insert into outbox (id, kind, payload, organization_id, order_id)
  select $19::uuid, 'mail', $20::jsonb, $2, $1
  where $20::jsonb is not null and exists (select 1 from placed_order)
  returning id
), audit as (
  insert into audit_log (id, organization_id, actor_staff_id, action, target_type, target_id, after)
  select $21, $2, $22, $23, 'order', $1, $24 where exists (select 1 from placed_order)
  returning id
)
select (select count(*) from placed_tickets)::int as tickets${
  keyed ? ', (select got from locked) as locked, exists (select 1 from keyed) as keyed' : ''
}`;
const ORDER_SQL = orderSql(false);
const KEYED_ORDER_SQL = orderSql(true);

/**
 * The statement that writes the order, its tickets, its mail and its audit entry: the first of the order's
 * transaction. It answers the number of tickets written (see `checkNewOrder`).
 */
export function newOrderStatement(placed: NewOrder): RawStatement {
  const { order, tickets, answer } = placed;
  return {
    name: answer ? 'insert_new_order_keyed' : 'insert_new_order',
    text: answer ? KEYED_ORDER_SQL : ORDER_SQL,
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
    ],
  };
}

/**
 * Stops an order whose key is in flight elsewhere, or was answered meanwhile (409: the client's retry gets
 * the answer), and one whose tickets did not all get written.
 */
export function checkNewOrder(rows: unknown[], ticketCount: number): void {
  const [row] = rows as { tickets: number; locked?: boolean; keyed?: boolean }[];
  if (row?.locked === false || row?.keyed === false) throw inProgress();
  if (row?.tickets !== ticketCount) throw new Error('the order was written without all its tickets');
}

/**
 * The buyer's customer record (one per e-mail, case-insensitive), created or counted one more order, in
 * the statement that takes the order's last places and only if it took them (see `takeCapacity`).
 * `$1` there is the organisation.
 */
export function customerRider(values: {
  email: string;
  name: string;
  totalMinor: number;
  currency: string;
}): CapacityRider {
  return {
    name: 'customer',
    cte: `customer as (
      insert into customers (id, organization_id, email, name, first_order_at, last_order_at, order_count,
        total_spent_minor, currency)
      select $5::uuid, $1, $6::text, $7::text, now(), now(), 1, $8::bigint, $9::char(3)
      where exists (select 1 from taken)
      on conflict (organization_id, lower(email)) do update set
        name = excluded.name,
        last_order_at = now(),
        order_count = customers.order_count + 1,
        total_spent_minor = customers.total_spent_minor + excluded.total_spent_minor,
        updated_at = now()
      returning id
    )`,
    values: [uuidv7(), values.email, values.name, values.totalMinor, values.currency],
  };
}
