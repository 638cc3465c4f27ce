import type { Queryable } from '@guichet/db/client';
import { events, ticketTypes } from '@guichet/db/schema/events';
import { staff } from '@guichet/db/schema/identity';
import { orders, tickets } from '@guichet/db/schema/orders';
import { checkinLists, checkinLog } from '@guichet/db/schema/scan';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';

export async function findExportedEvent(db: Queryable, organizationId: string, eventId: string) {
  const [row] = await db
    .select({ name: events.name, timeZone: events.timeZone })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.id, eventId)));
  return row;
}

/**
 * A page of the event's attendees: the valid tickets of its paid orders and of those awaiting an offline
 * payment, in ticket order (`after`: the last ticket id of the page before), with their first admission.
 */
export async function attendeePage(
  db: Queryable,
  organizationId: string,
  eventId: string,
  after: string | null,
  limit: number,
) {
  const firstAdmission = sql<string | null>`(
    select min(${checkinLog.scannedAt}) from ${checkinLog}
    where ${checkinLog.organizationId} = ${organizationId} and ${checkinLog.ticketId} = ${tickets.id}
      and ${checkinLog.admitted} and ${checkinLog.direction} = 'entry' and ${checkinLog.undoneAt} is null
  )`;
  return db
    .select({
      id: tickets.id,
      shortCode: tickets.shortCode,
      ticketType: ticketTypes.name,
      attendeeName: tickets.attendeeName,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      orderCode: orders.code,
      orderStatus: orders.status,
      priceMinor: tickets.priceMinor,
      currency: tickets.currency,
      orderedAt: orders.createdAt,
      firstAdmission,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(
      and(
        eq(tickets.organizationId, organizationId),
        eq(tickets.eventId, eventId),
        eq(tickets.status, 'valid'),
        inArray(orders.status, ['paid', 'pending_payment']),
        after ? gt(tickets.id, after) : undefined,
      ),
    )
    .orderBy(asc(tickets.id))
    .limit(limit);
}

/** A page of the event's check-in log, oldest first (`after`: the last entry id of the page before). */
export async function checkinPage(
  db: Queryable,
  organizationId: string,
  eventId: string,
  after: string | null,
  limit: number,
) {
  return db
    .select({
      id: checkinLog.id,
      scannedAt: checkinLog.scannedAt,
      direction: checkinLog.direction,
      admitted: checkinLog.admitted,
      reason: checkinLog.reason,
      offline: checkinLog.offline,
      deviceId: checkinLog.deviceId,
      undoneAt: checkinLog.undoneAt,
      listName: checkinLists.name,
      staffName: staff.displayName,
      shortCode: tickets.shortCode,
      attendeeName: tickets.attendeeName,
      buyerName: orders.buyerName,
      orderCode: orders.code,
      ticketType: ticketTypes.name,
    })
    .from(checkinLog)
    .innerJoin(checkinLists, eq(checkinLists.id, checkinLog.listId))
    .leftJoin(staff, eq(staff.id, checkinLog.staffId))
    .leftJoin(tickets, eq(tickets.id, checkinLog.ticketId))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(
      and(
        eq(checkinLog.organizationId, organizationId),
        eq(checkinLog.eventId, eventId),
        after ? gt(checkinLog.id, after) : undefined,
      ),
    )
    .orderBy(asc(checkinLog.id))
    .limit(limit);
}
