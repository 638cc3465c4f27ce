import type { Queryable } from '@guichet/db/client';
import { escapeLike } from '@guichet/db/like';
import { events, ticketTypes } from '@guichet/db/schema/events';
import { orders, tickets } from '@guichet/db/schema/orders';
import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import { checkinLists, checkinListTicketTypes } from '@guichet/db/schema/scan';
import { SCANNER_PERMISSIONS } from '@guichet/shared/permissions';
import { and, arrayOverlaps, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { afterCursor, afterId, isInstant } from '../../cursor';

// Every function takes the organisation id and uses it in its WHERE: another organisation's lists,
// events and ticket types do not exist here.

export type ListRow = typeof checkinLists.$inferSelect;
export interface ListWithTypes extends ListRow {
  ticketTypeIds: string[];
}

async function withTypes(db: Queryable, organizationId: string, rows: ListRow[]): Promise<ListWithTypes[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ listId: checkinListTicketTypes.listId, ticketTypeId: checkinListTicketTypes.ticketTypeId })
    .from(checkinListTicketTypes)
    .where(
      and(
        eq(checkinListTicketTypes.organizationId, organizationId),
        inArray(
          checkinListTicketTypes.listId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(checkinListTicketTypes.ticketTypeId));
  return rows.map((row) => ({
    ...row,
    ticketTypeIds: links.filter((link) => link.listId === row.id).map((link) => link.ticketTypeId),
  }));
}

export async function eventLists(db: Queryable, organizationId: string, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select()
    .from(checkinLists)
    .where(and(eq(checkinLists.organizationId, organizationId), inArray(checkinLists.eventId, eventIds)))
    .orderBy(asc(checkinLists.id));
  return withTypes(db, organizationId, rows);
}

/** One page of an event's lists, in the order they were made (uuidv7 ids). */
export async function eventListsPage(
  db: Queryable,
  organizationId: string,
  eventId: string,
  page: { limit: number; cursor?: string },
) {
  const rows = await db
    .select()
    .from(checkinLists)
    .where(
      and(
        eq(checkinLists.organizationId, organizationId),
        eq(checkinLists.eventId, eventId),
        afterId(page.cursor, checkinLists.id),
      ),
    )
    .orderBy(asc(checkinLists.id))
    .limit(page.limit + 1);
  return withTypes(db, organizationId, rows);
}

export async function listsByIds(db: Queryable, organizationId: string, listIds: string[]) {
  const rows = await db
    .select()
    .from(checkinLists)
    .where(and(eq(checkinLists.organizationId, organizationId), inArray(checkinLists.id, listIds)));
  return withTypes(db, organizationId, rows);
}

export async function findList(db: Queryable, organizationId: string, listId: string) {
  const [row] = await listsByIds(db, organizationId, [listId]);
  return row;
}

export async function findEvent(db: Queryable, organizationId: string, eventId: string) {
  const [row] = await db
    .select({ id: events.id, name: events.name, status: events.status })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.id, eventId)));
  return row;
}

export async function eventTicketTypes(db: Queryable, organizationId: string, eventId: string) {
  return db
    .select({ id: ticketTypes.id, name: ticketTypes.name })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.organizationId, organizationId), eq(ticketTypes.eventId, eventId)))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));
}

export async function insertList(
  db: Queryable,
  values: typeof checkinLists.$inferInsert & { organizationId: string },
  ticketTypeIds: string[],
): Promise<string> {
  const [row] = await db.insert(checkinLists).values(values).returning({ id: checkinLists.id });
  if (!row) throw new Error('insert returned no row');
  await replaceTypes(db, values.organizationId, row.id, ticketTypeIds);
  return row.id;
}

export async function updateList(
  db: Queryable,
  organizationId: string,
  listId: string,
  values: Partial<typeof checkinLists.$inferInsert>,
  ticketTypeIds: string[] | undefined,
) {
  await db
    .update(checkinLists)
    // A known list is recognised by its version (./known.ts): every change gives it a new one, even two
    // changes within the same millisecond.
    .set({
      ...values,
      updatedAt: sql`greatest(clock_timestamp(), ${checkinLists.updatedAt} + interval '1 microsecond')`,
    })
    .where(and(eq(checkinLists.organizationId, organizationId), eq(checkinLists.id, listId)));
  if (ticketTypeIds) await replaceTypes(db, organizationId, listId, ticketTypeIds);
}

async function replaceTypes(db: Queryable, organizationId: string, listId: string, ticketTypeIds: string[]) {
  await db
    .delete(checkinListTicketTypes)
    .where(
      and(
        eq(checkinListTicketTypes.organizationId, organizationId),
        eq(checkinListTicketTypes.listId, listId),
      ),
    );
  if (ticketTypeIds.length === 0) return;
  await db
    .insert(checkinListTicketTypes)
    .values([...new Set(ticketTypeIds)].map((ticketTypeId) => ({ organizationId, listId, ticketTypeId })));
}

export async function deleteList(db: Queryable, organizationId: string, listId: string): Promise<boolean> {
  const rows = await db
    .delete(checkinLists)
    .where(and(eq(checkinLists.organizationId, organizationId), eq(checkinLists.id, listId)))
    .returning({ id: checkinLists.id });
  return rows.length > 0;
}

/** A page of the organisations where the staff member may scan, by name then id. */
export async function memberships(db: Queryable, staffId: string, page: { limit: number; cursor?: string }) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      permissions: staffOrganizations.permissions,
    })
    .from(staffOrganizations)
    .innerJoin(organizations, eq(organizations.id, staffOrganizations.organizationId))
    .where(
      and(
        eq(staffOrganizations.staffId, staffId),
        arrayOverlaps(staffOrganizations.permissions, [...SCANNER_PERMISSIONS]),
        afterCursor(page.cursor, organizations.name, organizations.id),
      ),
    )
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(page.limit + 1);
}

/** Events a scanner may pick: drafts and published events that ended less than a week ago, soonest first. */
export async function scannableEvents(
  db: Queryable,
  organizationId: string,
  page: { limit: number; cursor?: string },
) {
  return db
    .select({
      id: events.id,
      name: events.name,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      status: events.status,
    })
    .from(events)
    .where(
      and(
        eq(events.organizationId, organizationId),
        inArray(events.status, ['draft', 'published']),
        sql`${events.endsAt} > now() - interval '7 days'`,
        afterCursor(page.cursor, events.startsAt, events.id, {
          cast: sql`::timestamptz`,
          accepts: isInstant,
        }),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(page.limit + 1);
}

const admissionColumns = {
  id: tickets.id,
  eventId: tickets.eventId,
  ticketTypeId: tickets.ticketTypeId,
  ticketStatus: tickets.status,
  orderStatus: orders.status,
  orderCode: orders.code,
  attendeeName: sql<string | null>`coalesce(${tickets.attendeeName}, ${orders.buyerName})`,
};

/** Every ticket of the event for an offline snapshot: names and codes, nothing else about people. */
export async function eventTickets(db: Queryable, organizationId: string, eventId: string) {
  return db
    .select({ ...admissionColumns, shortCode: tickets.shortCode })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.organizationId, organizationId), eq(tickets.eventId, eventId)))
    .orderBy(asc(tickets.id));
}

/** Manual check-in: tickets of the event by attendee or buyer name, or by order code. */
export async function searchTickets(
  db: Queryable,
  organizationId: string,
  eventId: string,
  page: { q: string; limit: number; cursor?: string },
) {
  const pattern = `%${escapeLike(page.q)}%`;
  return db
    .select({ ...admissionColumns, buyerName: orders.buyerName, ticketTypeName: ticketTypes.name })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(
      and(
        eq(tickets.organizationId, organizationId),
        eq(tickets.eventId, eventId),
        or(
          ilike(tickets.attendeeName, pattern),
          ilike(orders.buyerName, pattern),
          ilike(orders.code, pattern),
        ),
        afterCursor(page.cursor, orders.buyerName, tickets.id),
      ),
    )
    .orderBy(asc(orders.buyerName), asc(tickets.id))
    .limit(page.limit + 1);
}
