import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import { escapeLike } from '@guichet/db/like';
import { events, ticketTypes } from '@guichet/db/schema/events';
import { staff } from '@guichet/db/schema/identity';
import { customers, orders, ticketSigningKeys, tickets } from '@guichet/db/schema/orders';
import { organizations } from '@guichet/db/schema/organizations';
import { payments, refunds } from '@guichet/db/schema/payments';
import type { OrderStatus } from '@guichet/shared/orders';
import { and, asc, desc, eq, exists, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';

// Every function takes the organisation id and uses it in its WHERE: another organisation's orders do not
// exist here.

export type OrderRow = typeof orders.$inferSelect;
/** A ticket as the app handles it; its VAT columns are set by the database when it is written. */
export type TicketRow = Omit<typeof tickets.$inferSelect, 'vatRateBp' | 'vatMinor'>;
export type PaymentRow = typeof payments.$inferSelect;

/** The order, locked until the transaction ends: status changes of one order queue up behind it. */
export async function lockOrder(db: Queryable, organizationId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)))
    .for('update');
  return row;
}

export async function findOrder(
  db: Queryable,
  organizationId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
  return row;
}

/**
 * An order by its public code, whatever its organisation: the code is the buyer's only handle and is
 * unguessable (80 random bits), so it is the one lookup that does not start from an organisation.
 */
export async function findOrderByCode(db: Queryable, code: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.code, code));
  return row;
}

/** An order's tickets with their ticket type's name, in the order they were issued. */
export async function orderTickets(db: Queryable, organizationId: string, orderId: string) {
  return db
    .select({ ticket: tickets, ticketTypeName: ticketTypes.name })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(and(eq(tickets.organizationId, organizationId), eq(tickets.orderId, orderId)))
    .orderBy(asc(tickets.id));
}

/** Valid tickets counted per ticket type: the places an order holds. */
export async function heldPlaces(db: Queryable, organizationId: string, orderId: string) {
  return db
    .select({ ticketTypeId: tickets.ticketTypeId, quantity: sql<number>`count(*)::int` })
    .from(tickets)
    .where(
      and(
        eq(tickets.organizationId, organizationId),
        eq(tickets.orderId, orderId),
        eq(tickets.status, 'valid'),
      ),
    )
    .groupBy(tickets.ticketTypeId);
}

/**
 * Moves an order from one of `from` to `to`, atomically: the WHERE re-checks the status on the latest row
 * version after any concurrent change commits, so of two runners only one gets the row back. That row is
 * the licence to release capacity, send mail and audit.
 */
export async function transitionOrder(
  db: Queryable,
  organizationId: string,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  extra: { expiredBefore?: Date } = {},
): Promise<OrderRow | undefined> {
  const stamp =
    to === 'paid'
      ? { paidAt: sql`now()` }
      : to === 'cancelled'
        ? { cancelledAt: sql`now()` }
        : to === 'expired'
          ? { expiredAt: sql`now()` }
          : {};
  const [row] = await db
    .update(orders)
    .set({ status: to, ...stamp, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.organizationId, organizationId),
        eq(orders.id, orderId),
        inArray(orders.status, [...from]),
        extra.expiredBefore ? lt(orders.reservedUntil, extra.expiredBefore) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function setTicketsStatus(
  db: Queryable,
  organizationId: string,
  orderId: string,
  status: 'cancelled' | 'refunded',
) {
  await db
    .update(tickets)
    .set({ status, updatedAt: sql`now()` })
    .where(
      and(
        eq(tickets.organizationId, organizationId),
        eq(tickets.orderId, orderId),
        eq(tickets.status, 'valid'),
      ),
    );
}

export async function updateAttendee(
  db: Queryable,
  organizationId: string,
  orderId: string,
  ticketId: string,
  attendeeName: string | null,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ attendeeName, updatedAt: sql`now()` })
    .where(
      and(eq(tickets.organizationId, organizationId), eq(tickets.orderId, orderId), eq(tickets.id, ticketId)),
    )
    .returning();
  return row;
}

/** Reservations past their time, across organisations (the expiry job's scan, by the partial index). */
export async function dueReservations(db: Queryable, now: Date, limit: number) {
  return db
    .select({ id: orders.id, organizationId: orders.organizationId })
    .from(orders)
    .where(and(eq(orders.status, 'reserved'), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil))
    .limit(limit);
}

// Customers --------------------------------------------------------------------------------------------------

/**
 * Creates or updates the organisation's customer for the buyer's e-mail (case-insensitive), counting one
 * more order. A single statement, so two first orders of the same person at once give one customer.
 */
export async function recordCustomerOrder(
  db: Queryable,
  values: { organizationId: string; email: string; name: string; totalMinor: number; currency: string },
) {
  // Written by hand: the conflict target is the expression index on lower(email), which the query
  // builder cannot name. `xmax = 0` only on a row this statement inserted (a new customer).
  const result = await db.execute(sql`
    insert into ${customers} (id, organization_id, email, name, first_order_at, last_order_at, order_count,
      total_spent_minor, currency)
    values (${uuidv7()}, ${values.organizationId}, ${values.email}, ${values.name}, now(), now(), 1,
      ${values.totalMinor}, ${values.currency})
    on conflict (organization_id, lower(email)) do update set
      name = excluded.name,
      last_order_at = now(),
      order_count = ${customers}.order_count + 1,
      total_spent_minor = ${customers}.total_spent_minor + excluded.total_spent_minor,
      updated_at = now()
    returning id, email, name, (xmax = 0) as inserted`);
  const [row] = (
    result as unknown as { rows: { id: string; email: string; name: string; inserted: boolean }[] }
  ).rows;
  if (!row) throw new Error('customer upsert returned nothing');
  return row;
}

/** Money received later for an order already counted (an offline order marked paid). */
export async function addCustomerSpend(
  db: Queryable,
  organizationId: string,
  email: string,
  amountMinor: number,
) {
  await db
    .update(customers)
    .set({ totalSpentMinor: sql`${customers.totalSpentMinor} + ${amountMinor}`, updatedAt: sql`now()` })
    .where(
      and(eq(customers.organizationId, organizationId), sql`lower(${customers.email}) = lower(${email})`),
    );
}

/**
 * One order fewer for a cancelled order that had been counted. Guarded so the count never goes below zero
 * (the CHECK is the last line); the caller runs it only after winning the order's status change.
 */
export async function removeCustomerOrder(db: Queryable, organizationId: string, email: string) {
  await db
    .update(customers)
    .set({ orderCount: sql`${customers.orderCount} - 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(customers.organizationId, organizationId),
        sql`lower(${customers.email}) = lower(${email})`,
        sql`${customers.orderCount} > 0`,
      ),
    );
}

export async function findCustomer(db: Queryable, organizationId: string, email: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(eq(customers.organizationId, organizationId), sql`lower(${customers.email}) = lower(${email})`),
    );
  return row;
}

// Lists ------------------------------------------------------------------------------------------------------

export interface OrderFilters {
  limit: number;
  cursor?: string | undefined;
  q?: string | undefined;
  status?: OrderStatus | undefined;
  ticketTypeId?: string | undefined;
  paymentMethod?: OrderRow['paymentMethod'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** One event's orders, newest first, paged by id (UUIDv7, so id order is creation order). */
export async function listOrders(db: Queryable, organizationId: string, eventId: string, f: OrderFilters) {
  const search = f.q ? `%${escapeLike(f.q)}%` : undefined;
  const rows = await db
    .select({
      order: orders,
      // The outer order's id written out: inside the subquery an unqualified "id" would be the ticket's own.
      ticketCount: sql<number>`(select count(*)::int from ${tickets} where ${tickets.orderId} = "orders"."id" and ${tickets.organizationId} = ${organizationId})`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        eq(orders.eventId, eventId),
        f.cursor ? lt(orders.id, f.cursor) : undefined,
        f.status ? eq(orders.status, f.status) : undefined,
        f.paymentMethod ? eq(orders.paymentMethod, f.paymentMethod) : undefined,
        f.from ? gte(orders.createdAt, new Date(f.from)) : undefined,
        f.to ? lt(orders.createdAt, new Date(f.to)) : undefined,
        search
          ? or(ilike(orders.buyerName, search), ilike(orders.buyerEmail, search), ilike(orders.code, search))
          : undefined,
        f.ticketTypeId
          ? exists(
              db
                .select({ one: sql`1` })
                .from(tickets)
                .where(
                  and(
                    eq(tickets.organizationId, organizationId),
                    eq(tickets.orderId, orders.id),
                    eq(tickets.ticketTypeId, f.ticketTypeId),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(f.limit + 1);
  return {
    rows: rows.slice(0, f.limit),
    nextCursor: rows.length > f.limit ? (rows[f.limit - 1]?.order.id ?? null) : null,
  };
}

export async function findEventForOrders(db: Queryable, organizationId: string, eventId: string) {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.id, eventId)));
  return row;
}

/** What order mail and tickets say of the organiser: its name and how it takes offline payments. */
export interface Organizer {
  name: string;
  /** Set in the company settings; null: the mail and the order page say it in a generic sentence. */
  offlinePaymentInstructions: string | null;
  /** The company settings' contact address: where buyers' replies to order mail go. */
  contactEmail: string | null;
}

export async function organizer(db: Queryable, organizationId: string): Promise<Organizer> {
  const [row] = await db
    .select({
      name: organizations.name,
      offlinePaymentInstructions: organizations.offlinePaymentInstructions,
      contactEmail: organizations.contactEmail,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return {
    name: row?.name ?? '',
    offlinePaymentInstructions: row?.offlinePaymentInstructions ?? null,
    contactEmail: row?.contactEmail ?? null,
  };
}

// An order's money -------------------------------------------------------------------------------------------

/** Records a payment; a Stripe payment already recorded (same payment intent) records nothing. */
export async function insertPayment(db: Queryable, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function orderPayments(db: Queryable, organizationId: string, orderId: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.orderId, orderId)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function orderRefunds(db: Queryable, organizationId: string, orderId: string) {
  return db
    .select({ refund: refunds, actorName: staff.displayName })
    .from(refunds)
    .leftJoin(staff, eq(staff.id, refunds.createdBy))
    .where(and(eq(refunds.organizationId, organizationId), eq(refunds.orderId, orderId)))
    .orderBy(asc(refunds.id));
}

// Ticket signing keys ----------------------------------------------------------------------------------------

export async function findSigningKey(db: Queryable, organizationId: string) {
  const [row] = await db
    .select()
    .from(ticketSigningKeys)
    .where(eq(ticketSigningKeys.organizationId, organizationId));
  return row;
}

/** Stores the organisation's key pair; of two first calls at once, the first stored is kept. */
export async function insertSigningKey(
  db: Queryable,
  values: { organizationId: string; publicKey: string; privateKeyEncrypted: string },
): Promise<void> {
  await db.insert(ticketSigningKeys).values(values).onConflictDoNothing();
}
