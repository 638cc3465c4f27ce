import type { Database, Queryable } from '@guichet/db/client';
import { events } from '@guichet/db/schema/events';
import { staff } from '@guichet/db/schema/identity';
import {
  type ORDER_ALERT_MODES,
  orderDigests,
  orderNotices,
  staffOrderAlerts,
} from '@guichet/db/schema/order-alerts';
import { orders, tickets } from '@guichet/db/schema/orders';
import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import { and, asc, count, desc, eq, gte, inArray, lt, notExists, sql } from 'drizzle-orm';

export type OrderAlertMode = (typeof ORDER_ALERT_MODES)[number];

/**
 * When an order became an order staff hear of: a card order once paid (before, it is only a reservation
 * that may expire), any other order when placed. A pending offline order marked paid later is not new again.
 */
const placedAt = sql<Date>`case when ${orders.paymentMethod} = 'stripe' then ${orders.paidAt} else ${orders.createdAt} end`;
/** Orders staff hear of: paid or awaiting an offline payment (reservations, expired and cancelled ones not). */
const isLiveOrder = inArray(orders.status, ['paid', 'pending_payment']);
/** Who may hear of orders: staff holding ALL or EVENT in the organisation. */
const managesEvents = sql`${staffOrganizations.permissions} && array['ALL','EVENT']::text[]`;

export async function findAlertMode(db: Queryable, staffId: string) {
  const [row] = await db
    .select({ mode: staffOrderAlerts.mode, since: staffOrderAlerts.since })
    .from(staffOrderAlerts)
    .where(eq(staffOrderAlerts.staffId, staffId));
  return row;
}

/** Sets the staff member's mode; `since` moves only when the mode changes (saving it again keeps it). */
export async function saveAlertMode(db: Queryable, staffId: string, mode: OrderAlertMode) {
  await db
    .insert(staffOrderAlerts)
    .values({ staffId, mode })
    .onConflictDoUpdate({
      target: staffOrderAlerts.staffId,
      set: {
        mode,
        since: sql`case when ${staffOrderAlerts.mode} = excluded.mode then ${staffOrderAlerts.since} else now() end`,
      },
    });
}

/**
 * Claims up to `limit` orders of the last day not noticed yet, in organisations where someone wants a mail
 * per order: their notice rows are written here, so a concurrent run (another process) skips them.
 */
export async function claimNewOrders(tx: Queryable, limit: number) {
  const subscribed = tx
    .select({ organizationId: staffOrganizations.organizationId })
    .from(staffOrganizations)
    .innerJoin(staffOrderAlerts, eq(staffOrderAlerts.staffId, staffOrganizations.staffId))
    .where(and(eq(staffOrderAlerts.mode, 'each'), managesEvents));
  const due = tx
    .select({
      orderId: orders.id,
      organizationId: orders.organizationId,
      noticedAt: sql<Date>`now()`.as('noticed_at'),
    })
    .from(orders)
    .where(
      and(
        isLiveOrder,
        inArray(orders.organizationId, subscribed),
        sql`${placedAt} > now() - interval '1 day'`,
        notExists(tx.select({ one: sql`1` }).from(orderNotices).where(eq(orderNotices.orderId, orders.id))),
      ),
    )
    .orderBy(asc(placedAt))
    .limit(limit);
  return tx
    .insert(orderNotices)
    .select(due)
    .onConflictDoNothing()
    .returning({ orderId: orderNotices.orderId, organizationId: orderNotices.organizationId });
}

/** What a staff mail says of each order (claimed just before, so read by id across organisations). */
export async function orderSummaries(tx: Queryable, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const ticketCount = tx
    .select({ orderId: tickets.orderId, count: count().as('count') })
    .from(tickets)
    .where(inArray(tickets.orderId, orderIds))
    .groupBy(tickets.orderId)
    .as('ticket_count');
  return tx
    .select({
      id: orders.id,
      organizationId: orders.organizationId,
      eventId: orders.eventId,
      eventName: events.name,
      timeZone: events.timeZone,
      code: orders.code,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      channel: orders.channel,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      totalMinor: orders.totalMinor,
      currency: orders.currency,
      placedAt: sql<string>`${placedAt}`.mapWith((value: string | Date) => new Date(value)),
      tickets: sql<number>`coalesce(${ticketCount.count}, 0)`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(ticketCount, eq(ticketCount.orderId, orders.id))
    .where(inArray(orders.id, orderIds));
}

/** Staff of these organisations who want a mail per order and may see orders there. */
export async function perOrderRecipients(tx: Queryable, organizationIds: string[]) {
  if (organizationIds.length === 0) return [];
  return tx
    .select({
      staffId: staff.id,
      email: staff.email,
      displayName: staff.displayName,
      locale: staff.locale,
      organizationId: staffOrganizations.organizationId,
      since: staffOrderAlerts.since,
    })
    .from(staffOrderAlerts)
    .innerJoin(staffOrganizations, eq(staffOrganizations.staffId, staffOrderAlerts.staffId))
    .innerJoin(staff, eq(staff.id, staffOrderAlerts.staffId))
    .where(
      and(
        eq(staffOrderAlerts.mode, 'each'),
        managesEvents,
        inArray(staffOrganizations.organizationId, organizationIds),
      ),
    );
}

/**
 * Digests due at `now`: staff wanting a daily digest × organisations where they hold ALL or EVENT, where
 * it is past `hour` o'clock in the organisation's time zone and no digest of that local day exists yet.
 * The period starts where the previous digest ended, or when the mode was chosen.
 */
export async function dueDigests(db: Queryable, now: Date, hour: number) {
  const localNow = sql`(${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})`;
  const localDay = sql<string>`(${localNow})::date::text`;
  const previousEnd = db
    .select({ end: orderDigests.periodEnd })
    .from(orderDigests)
    .where(
      and(
        eq(orderDigests.staffId, staffOrderAlerts.staffId),
        eq(orderDigests.organizationId, staffOrganizations.organizationId),
      ),
    )
    .orderBy(desc(orderDigests.periodEnd))
    .limit(1);
  return db
    .select({
      staffId: staff.id,
      email: staff.email,
      displayName: staff.displayName,
      locale: staff.locale,
      organizationId: organizations.id,
      organizationName: organizations.name,
      timeZone: organizations.timeZone,
      day: localDay,
      periodStart:
        sql<string>`greatest(${staffOrderAlerts.since}, coalesce((${previousEnd}), ${staffOrderAlerts.since}))`.mapWith(
          (value: string | Date) => new Date(value),
        ),
    })
    .from(staffOrderAlerts)
    .innerJoin(staff, eq(staff.id, staffOrderAlerts.staffId))
    .innerJoin(staffOrganizations, eq(staffOrganizations.staffId, staffOrderAlerts.staffId))
    .innerJoin(organizations, eq(organizations.id, staffOrganizations.organizationId))
    .where(
      and(
        eq(staffOrderAlerts.mode, 'daily'),
        managesEvents,
        sql`extract(hour from ${localNow}) >= ${hour}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(orderDigests)
            .where(
              and(
                eq(orderDigests.staffId, staffOrderAlerts.staffId),
                eq(orderDigests.organizationId, staffOrganizations.organizationId),
                sql`${orderDigests.day} = (${localNow})::date`,
              ),
            ),
        ),
      ),
    );
}

/** The organisation's orders placed in [start, end), per event, for a digest. */
export async function ordersPlacedBetween(db: Queryable, organizationId: string, start: Date, end: Date) {
  const ticketCount = db
    .select({ orderId: tickets.orderId, count: count().as('count') })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(
      and(eq(tickets.organizationId, organizationId), isLiveOrder, gte(placedAt, start), lt(placedAt, end)),
    )
    .groupBy(tickets.orderId)
    .as('ticket_count');
  return db
    .select({
      eventId: orders.eventId,
      eventName: events.name,
      currency: orders.currency,
      orders: count(),
      tickets: sql<number>`coalesce(sum(${ticketCount.count}), 0)`.mapWith(Number),
      totalMinor: sql<number>`coalesce(sum(${orders.totalMinor}), 0)`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${orders.status} = 'pending_payment')`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(ticketCount, eq(ticketCount.orderId, orders.id))
    .where(
      and(eq(orders.organizationId, organizationId), isLiveOrder, gte(placedAt, start), lt(placedAt, end)),
    )
    .groupBy(orders.eventId, events.name, orders.currency)
    .orderBy(asc(events.name), asc(orders.currency));
}

/**
 * Records a digest; answers false when one of that day exists already (a concurrent run wrote it first),
 * so its mail is queued once.
 */
export async function recordDigest(
  db: Queryable,
  row: {
    staffId: string;
    organizationId: string;
    day: string;
    periodStart: Date;
    periodEnd: Date;
    orderCount: number;
  },
): Promise<boolean> {
  const written = await db
    .insert(orderDigests)
    .values(row)
    .onConflictDoNothing()
    .returning({ day: orderDigests.day });
  return written.length > 0;
}

export type DueDigest = Awaited<ReturnType<typeof dueDigests>>[number];
export type OrderSummary = Awaited<ReturnType<typeof orderSummaries>>[number];
export type DigestLine = Awaited<ReturnType<typeof ordersPlacedBetween>>[number];
export type { Database };
