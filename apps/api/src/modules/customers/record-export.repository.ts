import type { Queryable } from '@guichet/db/client';
import { orderAttributions } from '@guichet/db/schema/acquisition';
import {
  customerConsents,
  customerNotes,
  memberListHistory,
  memberListMembers,
  memberLists,
} from '@guichet/db/schema/customers';
import { events, ticketTypes } from '@guichet/db/schema/events';
import { orders, tickets } from '@guichet/db/schema/orders';
import { outbox } from '@guichet/db/schema/outbox';
import { checkinLog } from '@guichet/db/schema/scan';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';

// What the organisation holds about a person, read for their JSON export. Every function takes the
// organisation id and uses it in its WHERE; orders are read in pages so the export streams.

const lowerIn = (column: typeof orders.buyerEmail, emails: readonly string[]) =>
  sql`lower(${column}) in (${sql.join(
    emails.map((email) => sql`${email}`),
    sql`, `,
  )})`;

export async function consentsOf(db: Queryable, organizationId: string, customerIds: readonly string[]) {
  return db
    .select()
    .from(customerConsents)
    .where(
      and(
        eq(customerConsents.organizationId, organizationId),
        inArray(customerConsents.customerId, [...customerIds]),
      ),
    )
    .orderBy(asc(customerConsents.id));
}

export async function notesOf(db: Queryable, organizationId: string, customerIds: readonly string[]) {
  return db
    .select()
    .from(customerNotes)
    .where(
      and(
        eq(customerNotes.organizationId, organizationId),
        inArray(customerNotes.customerId, [...customerIds]),
      ),
    )
    .orderBy(asc(customerNotes.id));
}

export async function membershipsOf(db: Queryable, organizationId: string, customerIds: readonly string[]) {
  return db
    .select({ member: memberListMembers, listName: memberLists.name })
    .from(memberListMembers)
    .innerJoin(memberLists, eq(memberLists.id, memberListMembers.listId))
    .where(
      and(
        eq(memberListMembers.organizationId, organizationId),
        inArray(memberListMembers.customerId, [...customerIds]),
      ),
    );
}

export async function listHistoryOf(db: Queryable, organizationId: string, customerIds: readonly string[]) {
  return db
    .select({ entry: memberListHistory, listName: memberLists.name })
    .from(memberListHistory)
    .innerJoin(memberLists, eq(memberLists.id, memberListHistory.listId))
    .where(
      and(
        eq(memberListHistory.organizationId, organizationId),
        inArray(memberListHistory.customerId, [...customerIds]),
      ),
    )
    .orderBy(asc(memberListHistory.id));
}

/** One page of the person's orders (every status) after `afterId`, with their event's name. */
export async function ordersPage(
  db: Queryable,
  organizationId: string,
  emails: readonly string[],
  afterId: string | null,
  limit: number,
) {
  return db
    .select({
      id: orders.id,
      code: orders.code,
      status: orders.status,
      channel: orders.channel,
      paymentMethod: orders.paymentMethod,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      locale: orders.locale,
      totalMinor: orders.totalMinor,
      refundedMinor: orders.refundedMinor,
      currency: orders.currency,
      note: orders.note,
      createdAt: orders.createdAt,
      eventId: orders.eventId,
      eventName: events.name,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(
      and(
        eq(orders.organizationId, organizationId),
        lowerIn(orders.buyerEmail, emails),
        afterId ? gt(orders.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

export async function ticketsOf(db: Queryable, organizationId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: tickets.id,
      orderId: tickets.orderId,
      ticketType: ticketTypes.name,
      attendeeName: tickets.attendeeName,
      priceMinor: tickets.priceMinor,
      currency: tickets.currency,
      status: tickets.status,
      shortCode: tickets.shortCode,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(and(eq(tickets.organizationId, organizationId), inArray(tickets.orderId, [...orderIds])))
    .orderBy(asc(tickets.id));
}

export async function checkInsOf(db: Queryable, organizationId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: checkinLog.id,
      ticketId: checkinLog.ticketId,
      eventId: checkinLog.eventId,
      direction: checkinLog.direction,
      result: checkinLog.result,
      admitted: checkinLog.admitted,
      scannedAt: checkinLog.scannedAt,
      undoneAt: checkinLog.undoneAt,
    })
    .from(checkinLog)
    .innerJoin(tickets, eq(tickets.id, checkinLog.ticketId))
    .where(and(eq(checkinLog.organizationId, organizationId), inArray(tickets.orderId, [...orderIds])))
    .orderBy(asc(checkinLog.id));
}

/** How the orders came (first and last touch of the visit that bought). */
export async function attributionsOf(db: Queryable, organizationId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const first = sql`(select row_to_json(t) from (select channel, utm_source, utm_medium, utm_campaign,
    referrer_host from acquisition_touches where id = ${orderAttributions.firstTouchId}) t)`;
  const last = sql`(select row_to_json(t) from (select channel, utm_source, utm_medium, utm_campaign,
    referrer_host from acquisition_touches where id = ${orderAttributions.lastTouchId}) t)`;
  return db
    .select({ orderId: orderAttributions.orderId, firstTouch: first, lastTouch: last })
    .from(orderAttributions)
    .where(
      and(
        eq(orderAttributions.organizationId, organizationId),
        inArray(orderAttributions.orderId, [...orderIds]),
      ),
    );
}

/** Mail sent (or kept) to the person's addresses or about their orders. */
export async function mailsOf(
  db: Queryable,
  organizationId: string,
  emails: readonly string[],
  afterId: string | null,
  limit: number,
) {
  return db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      status: outbox.status,
      payload: outbox.payload,
      orderId: outbox.orderId,
      createdAt: outbox.createdAt,
      processedAt: outbox.processedAt,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.organizationId, organizationId),
        or(
          sql`lower(${outbox.payload}->>'to') in (${sql.join(
            emails.map((email) => sql`${email}`),
            sql`, `,
          )})`,
          sql`${outbox.orderId} in (select ${orders.id} from ${orders}
            where ${orders.organizationId} = ${organizationId} and ${lowerIn(orders.buyerEmail, emails)})`,
        ),
        afterId ? gt(outbox.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(limit);
}
