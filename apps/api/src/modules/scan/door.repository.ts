import type { Queryable } from '@guichet/db/client';
import { events, ticketTypes } from '@guichet/db/schema/events';
import { orders, tickets } from '@guichet/db/schema/orders';
import { and, asc, eq } from 'drizzle-orm';

/** An order of the organisation by its exact code (the door never searches by name). */
export async function findOrderByCode(db: Queryable, organizationId: string, code: string) {
  const [row] = await db
    .select({
      id: orders.id,
      code: orders.code,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      buyerName: orders.buyerName,
      totalMinor: orders.totalMinor,
      currency: orders.currency,
      eventId: orders.eventId,
      eventName: events.name,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(eq(orders.organizationId, organizationId), eq(orders.code, code)));
  return row;
}

/** The order's tickets with their type's name and secret, in the order they were issued. */
export async function ticketsOfOrder(db: Queryable, organizationId: string, orderId: string) {
  return db
    .select({
      id: tickets.id,
      attendeeName: tickets.attendeeName,
      status: tickets.status,
      secret: tickets.secret,
      ticketTypeName: ticketTypes.name,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(and(eq(tickets.organizationId, organizationId), eq(tickets.orderId, orderId)))
    .orderBy(asc(tickets.id));
}
