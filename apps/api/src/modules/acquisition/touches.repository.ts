import type { Queryable } from '@guichet/db/client';
import { acquisitionSettings, acquisitionTouches } from '@guichet/db/schema/acquisition';
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

/** Organisations that have touches older than `before` (read from the period index, one probe each). */
export async function touchOrganizations(db: Queryable, before: Date): Promise<string[]> {
  const result = (await db.execute(sql`
    select o.id from ${organizations} o
    where exists (select 1 from ${acquisitionTouches} t
      where t.organization_id = o.id and t.occurred_at < ${before.toISOString()}::timestamptz)
    order by o.id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/** Deletes up to `limit` of the organisation's touches older than `before`; answers how many. */
export async function purgeTouchesBefore(
  db: Queryable,
  organizationId: string,
  before: Date,
  limit: number,
): Promise<number> {
  const result = (await db.execute(sql`
    with old as (
      select t.id from ${acquisitionTouches} t
      where t.organization_id = ${organizationId} and t.occurred_at < ${before.toISOString()}::timestamptz
      order by t.occurred_at
      limit ${limit}
    ), gone as (
      delete from ${acquisitionTouches} t using old
      where t.id = old.id and t.organization_id = ${organizationId}
      returning 1
    )
    select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
