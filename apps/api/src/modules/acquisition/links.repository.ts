import type { Queryable } from '@guichet/db/client';
import { trackingLinks } from '@guichet/db/schema/acquisition';
import { events } from '@guichet/db/schema/events';
import { organizations } from '@guichet/db/schema/organizations';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { afterCursor, isInstant } from '../../cursor';

// Every function takes the organisation id and uses it in its WHERE, except `findLinkByCode`: the code
// is an unguessable handle printed on posters.

export type LinkRow = typeof trackingLinks.$inferSelect & { eventName: string };
export type NewLink = typeof trackingLinks.$inferInsert;

const linkColumns = {
  id: trackingLinks.id,
  organizationId: trackingLinks.organizationId,
  eventId: trackingLinks.eventId,
  code: trackingLinks.code,
  name: trackingLinks.name,
  channel: trackingLinks.channel,
  utmSource: trackingLinks.utmSource,
  utmMedium: trackingLinks.utmMedium,
  utmCampaign: trackingLinks.utmCampaign,
  createdAt: trackingLinks.createdAt,
  updatedAt: trackingLinks.updatedAt,
  eventName: events.name,
};

function selectLinks(db: Queryable) {
  return db
    .select(linkColumns)
    .from(trackingLinks)
    .innerJoin(
      events,
      and(eq(events.id, trackingLinks.eventId), eq(events.organizationId, trackingLinks.organizationId)),
    );
}

/** The organisation's event, or undefined: another organisation's event does not exist here. */
export async function findEvent(db: Queryable, organizationId: string, eventId: string) {
  const [row] = await db
    .select({ id: events.id, name: events.name, slug: events.slug })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.id, eventId)));
  return row;
}

/** The organisation's events for the page's filter, newest first (names and ids only). */
/** A page of the organisation's events, the latest start first. */
export async function listEvents(
  db: Queryable,
  organizationId: string,
  page: { limit: number; cursor?: string },
) {
  return db
    .select({ id: events.id, name: events.name, startsAt: events.startsAt, status: events.status })
    .from(events)
    .where(
      and(
        eq(events.organizationId, organizationId),
        afterCursor(page.cursor, events.startsAt, events.id, {
          descending: true,
          cast: sql`::timestamptz`,
          accepts: isInstant,
        }),
      ),
    )
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(page.limit + 1);
}

export async function organizationSlug(db: Queryable, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.slug ?? '';
}

/** A page of links, newest first, keyed by id (UUIDv7, so by creation). */
export async function listLinks(
  db: Queryable,
  organizationId: string,
  options: { eventId?: string | undefined; afterId?: string | undefined; limit: number },
): Promise<LinkRow[]> {
  return selectLinks(db)
    .where(
      and(
        eq(trackingLinks.organizationId, organizationId),
        options.eventId ? eq(trackingLinks.eventId, options.eventId) : undefined,
        options.afterId ? lt(trackingLinks.id, options.afterId) : undefined,
      ),
    )
    .orderBy(desc(trackingLinks.id))
    .limit(options.limit);
}

export async function findLink(db: Queryable, organizationId: string, linkId: string) {
  const [row] = await selectLinks(db).where(
    and(eq(trackingLinks.organizationId, organizationId), eq(trackingLinks.id, linkId)),
  );
  return row;
}

/** Inserts a link; false when its code is taken (the caller draws another). */
export async function insertLink(db: Queryable, link: NewLink): Promise<boolean> {
  const rows = await db
    .insert(trackingLinks)
    .values(link)
    .onConflictDoNothing({ target: trackingLinks.code })
    .returning({ id: trackingLinks.id });
  return rows.length === 1;
}

export async function updateLink(
  db: Queryable,
  organizationId: string,
  linkId: string,
  changes: Partial<Pick<NewLink, 'name' | 'channel' | 'utmSource' | 'utmMedium' | 'utmCampaign'>>,
): Promise<boolean> {
  const rows = await db
    .update(trackingLinks)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(trackingLinks.organizationId, organizationId), eq(trackingLinks.id, linkId)))
    .returning({ id: trackingLinks.id });
  return rows.length === 1;
}

/** Deletes a link; its visits stay, counted under its channel (their link becomes null). */
export async function deleteLink(db: Queryable, organizationId: string, linkId: string): Promise<boolean> {
  const rows = await db
    .delete(trackingLinks)
    .where(and(eq(trackingLinks.organizationId, organizationId), eq(trackingLinks.id, linkId)))
    .returning({ id: trackingLinks.id });
  return rows.length === 1;
}

/** A link by its public code, with where it leads (its event's and organisation's slugs). */
export async function findLinkByCode(db: Queryable, code: string) {
  const [row] = await db
    .select({
      id: trackingLinks.id,
      organizationId: trackingLinks.organizationId,
      eventId: trackingLinks.eventId,
      code: trackingLinks.code,
      channel: trackingLinks.channel,
      utmSource: trackingLinks.utmSource,
      utmMedium: trackingLinks.utmMedium,
      utmCampaign: trackingLinks.utmCampaign,
      eventSlug: events.slug,
      orgSlug: organizations.slug,
    })
    .from(trackingLinks)
    .innerJoin(
      events,
      and(eq(events.id, trackingLinks.eventId), eq(events.organizationId, trackingLinks.organizationId)),
    )
    .innerJoin(organizations, eq(organizations.id, trackingLinks.organizationId))
    .where(eq(trackingLinks.code, code))
    .orderBy(asc(trackingLinks.id));
  return row;
}
