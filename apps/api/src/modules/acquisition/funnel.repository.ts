import type { Queryable } from '@guichet/db/client';
import { acquisitionTouches, orderAttributions, trackingLinks } from '@guichet/db/schema/acquisition';
import { orders } from '@guichet/db/schema/orders';
import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';

// The funnel's reads. Every function takes the organisation id and uses it in its WHERE.

export interface FunnelScope {
  eventId?: string | undefined;
  /** The period as instants: from inclusive, to exclusive. */
  from: Date;
  to: Date;
}

export interface TouchCount {
  channel: string;
  linkId: string | null;
  linkName: string | null;
  visits: number;
  checkouts: number;
}

/** Visits and checkouts started in the period, per channel and link. */
export async function touchCounts(
  db: Queryable,
  organizationId: string,
  scope: FunnelScope,
): Promise<TouchCount[]> {
  return db
    .select({
      channel: acquisitionTouches.channel,
      linkId: acquisitionTouches.linkId,
      linkName: trackingLinks.name,
      visits: sql<number>`(count(*) filter (where ${acquisitionTouches.kind} = 'visit'))::int`,
      checkouts: sql<number>`(count(*) filter (where ${acquisitionTouches.kind} = 'checkout'))::int`,
    })
    .from(acquisitionTouches)
    .leftJoin(
      trackingLinks,
      and(
        eq(trackingLinks.id, acquisitionTouches.linkId),
        eq(trackingLinks.organizationId, acquisitionTouches.organizationId),
      ),
    )
    .where(
      and(
        eq(acquisitionTouches.organizationId, organizationId),
        scope.eventId ? eq(acquisitionTouches.eventId, scope.eventId) : undefined,
        gte(acquisitionTouches.occurredAt, scope.from),
        lt(acquisitionTouches.occurredAt, scope.to),
      ),
    )
    .groupBy(acquisitionTouches.channel, acquisitionTouches.linkId, trackingLinks.name);
}

export interface AttributedRevenue {
  channel: string;
  linkId: string | null;
  linkName: string | null;
  currency: string;
  paidOrders: number;
  netMinor: number;
}

/**
 * Online orders placed in the period and paid, with their revenue net of refunds, per channel and link of
 * the touch the model credits (first or last); an order without one counts as `direct`. The one place the
 * funnel reads money: it moves to the ledger when the ledger exists.
 */
export async function attributedRevenue(
  db: Queryable,
  organizationId: string,
  scope: FunnelScope,
  model: 'first' | 'last',
): Promise<AttributedRevenue[]> {
  const touchId = model === 'first' ? orderAttributions.firstTouchId : orderAttributions.lastTouchId;
  const channel = sql<string>`coalesce(${acquisitionTouches.channel}, 'direct')`;
  return db
    .select({
      channel,
      linkId: acquisitionTouches.linkId,
      linkName: trackingLinks.name,
      currency: orders.currency,
      paidOrders: sql<number>`count(*)::int`,
      netMinor: sql<number>`coalesce(sum(${orders.totalMinor} - ${orders.refundedMinor}), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .leftJoin(
      orderAttributions,
      and(eq(orderAttributions.orderId, orders.id), eq(orderAttributions.organizationId, organizationId)),
    )
    .leftJoin(
      acquisitionTouches,
      and(eq(acquisitionTouches.id, touchId), eq(acquisitionTouches.organizationId, organizationId)),
    )
    .leftJoin(
      trackingLinks,
      and(eq(trackingLinks.id, acquisitionTouches.linkId), eq(trackingLinks.organizationId, organizationId)),
    )
    .where(
      and(
        eq(orders.organizationId, organizationId),
        scope.eventId ? eq(orders.eventId, scope.eventId) : undefined,
        eq(orders.channel, 'online'),
        isNotNull(orders.paidAt),
        gte(orders.createdAt, scope.from),
        lt(orders.createdAt, scope.to),
      ),
    )
    .groupBy(channel, acquisitionTouches.linkId, trackingLinks.name, orders.currency);
}
