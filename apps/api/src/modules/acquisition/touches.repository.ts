import type { Queryable } from '@guichet/db/client';
import { acquisitionSettings, acquisitionTouches, trackingLinks } from '@guichet/db/schema/acquisition';
import { events } from '@guichet/db/schema/events';
import { organizations } from '@guichet/db/schema/organizations';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';

// Every function takes the organisation (or, for a buyer's page, its slug) and uses it in its WHERE.

export type NewTouch = typeof acquisitionTouches.$inferInsert;

/** A published event by its slugs (the only events whose pages record visits). */
export async function findPublishedEvent(db: Queryable, orgSlug: string, eventSlug: string) {
  const [row] = await db
    .select({ organizationId: events.organizationId, eventId: events.id })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(and(eq(organizations.slug, orgSlug), eq(events.slug, eventSlug), eq(events.status, 'published')));
  return row;
}

/** The event's link with this code (a link of another event counts for nothing here). */
export async function findEventLink(db: Queryable, organizationId: string, eventId: string, code: string) {
  const [row] = await db
    .select({
      id: trackingLinks.id,
      channel: trackingLinks.channel,
      utmSource: trackingLinks.utmSource,
      utmMedium: trackingLinks.utmMedium,
      utmCampaign: trackingLinks.utmCampaign,
    })
    .from(trackingLinks)
    .where(
      and(
        eq(trackingLinks.organizationId, organizationId),
        eq(trackingLinks.eventId, eventId),
        eq(trackingLinks.code, code),
      ),
    );
  return row;
}

/**
 * The visitor's latest visit of the event that came from somewhere (a link, UTM values or a referrer)
 * since `since`: what a checkout started is credited to, as the order will be (last touch).
 */
export async function lastSourcedVisit(
  db: Queryable,
  organizationId: string,
  eventId: string,
  visitorId: string,
  since: Date,
) {
  const [row] = await db
    .select({
      source: acquisitionTouches.source,
      channel: acquisitionTouches.channel,
      linkId: acquisitionTouches.linkId,
      utmSource: acquisitionTouches.utmSource,
      utmMedium: acquisitionTouches.utmMedium,
      utmCampaign: acquisitionTouches.utmCampaign,
      referrerHost: acquisitionTouches.referrerHost,
    })
    .from(acquisitionTouches)
    .where(
      and(
        eq(acquisitionTouches.organizationId, organizationId),
        eq(acquisitionTouches.eventId, eventId),
        eq(acquisitionTouches.visitorId, visitorId),
        eq(acquisitionTouches.kind, 'visit'),
        ne(acquisitionTouches.source, 'direct'),
        gt(acquisitionTouches.occurredAt, since),
      ),
    )
    .orderBy(desc(acquisitionTouches.occurredAt), desc(acquisitionTouches.id))
    .limit(1);
  return row;
}

export async function insertTouch(db: Queryable, touch: NewTouch): Promise<void> {
  await db.insert(acquisitionTouches).values(touch);
}

/** The organisation's attribution window in days, or null when it never set one. */
export async function attributionWindowDays(db: Queryable, organizationId: string): Promise<number | null> {
  const [row] = await db
    .select({ days: acquisitionSettings.attributionWindowDays })
    .from(acquisitionSettings)
    .where(eq(acquisitionSettings.organizationId, organizationId));
  return row?.days ?? null;
}

export async function saveAttributionWindow(db: Queryable, organizationId: string, days: number) {
  await db
    .insert(acquisitionSettings)
    .values({ organizationId, attributionWindowDays: days })
    .onConflictDoUpdate({
      target: acquisitionSettings.organizationId,
      set: { attributionWindowDays: days, updatedAt: sql`now()` },
    });
}
