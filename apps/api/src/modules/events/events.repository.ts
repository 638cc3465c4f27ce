import type { Queryable } from '@guichet/db/client';
import { escapeLike } from '@guichet/db/like';
import { capacityPools, events, ticketTypes } from '@guichet/db/schema/events';
import { tickets } from '@guichet/db/schema/orders';
import { organizations } from '@guichet/db/schema/organizations';
import { checkinLists } from '@guichet/db/schema/scan';
import { files } from '@guichet/db/schema/settings';
import { and, asc, eq, like, sql } from 'drizzle-orm';

// Every function takes the organisation id and uses it in its WHERE: another organisation's rows do not
// exist here.

export type EventRow = typeof events.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type PoolRow = typeof capacityPools.$inferSelect;

export async function organizationCurrency(db: Queryable, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ currency: organizations.defaultCurrency })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.currency ?? 'EUR';
}

export async function fileExists(db: Queryable, organizationId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.organizationId, organizationId), eq(files.id, fileId)));
  return Boolean(row);
}

// Events -----------------------------------------------------------------------------------------------------

/** The columns of an event that lists show. */
export type EventSummaryRow = Pick<
  EventRow,
  | 'id'
  | 'slug'
  | 'name'
  | 'status'
  | 'startsAt'
  | 'endsAt'
  | 'timeZone'
  | 'locationType'
  | 'venueName'
  | 'venueAddress'
  | 'latitude'
  | 'longitude'
  | 'onlineUrl'
  | 'createdAt'
>;

export async function findEvent(
  db: Queryable,
  organizationId: string,
  eventId: string,
  options: { lock?: boolean } = {},
): Promise<EventRow | undefined> {
  const query = db
    .select()
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.id, eventId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * A transaction-scoped advisory lock per organisation: without it, two events created at the same moment
 * with the same name would both pick the same free slug and one would fail on the unique index.
 */
export async function lockSlugAllocation(db: Queryable, organizationId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`event-slug:${organizationId}`}))`);
}

/** Slugs of the organisation starting with `base`, to pick a free one. */
export async function slugsStartingWith(db: Queryable, organizationId: string, base: string) {
  const rows = await db
    .select({ slug: events.slug })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), like(events.slug, `${escapeLike(base)}%`)));
  return new Set(rows.map((row) => row.slug));
}

/**
 * Every event can be scanned from the start: a check-in list covering all its ticket types, present and
 * future, made with the event (the scan module manages lists from then on).
 */
export async function insertDefaultCheckinList(
  db: Queryable,
  organizationId: string,
  eventId: string,
  name: string,
): Promise<void> {
  await db.insert(checkinLists).values({ organizationId, eventId, name, allTicketTypes: true });
}

export async function insertEvent(db: Queryable, values: typeof events.$inferInsert): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateEvent(
  db: Queryable,
  organizationId: string,
  eventId: string,
  values: Partial<typeof events.$inferInsert>,
): Promise<EventRow | undefined> {
  const [row] = await db
    .update(events)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(events.organizationId, organizationId), eq(events.id, eventId)))
    .returning();
  return row;
}

// Ticket types and pools -------------------------------------------------------------------------------------

export async function listTicketTypes(db: Queryable, organizationId: string, eventId: string) {
  return db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.organizationId, organizationId), eq(ticketTypes.eventId, eventId)))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));
}

export async function listPools(db: Queryable, organizationId: string, eventId: string) {
  return db
    .select()
    .from(capacityPools)
    .where(and(eq(capacityPools.organizationId, organizationId), eq(capacityPools.eventId, eventId)))
    .orderBy(asc(capacityPools.id));
}

export async function findTicketType(
  db: Queryable,
  organizationId: string,
  eventId: string,
  ticketTypeId: string,
  options: { lock?: boolean } = {},
): Promise<TicketTypeRow | undefined> {
  const query = db
    .select()
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.organizationId, organizationId),
        eq(ticketTypes.eventId, eventId),
        eq(ticketTypes.id, ticketTypeId),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findPool(
  db: Queryable,
  organizationId: string,
  eventId: string,
  poolId: string,
  options: { lock?: boolean } = {},
): Promise<PoolRow | undefined> {
  const query = db
    .select()
    .from(capacityPools)
    .where(
      and(
        eq(capacityPools.organizationId, organizationId),
        eq(capacityPools.eventId, eventId),
        eq(capacityPools.id, poolId),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function nextTicketTypePosition(db: Queryable, organizationId: string, eventId: string) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${ticketTypes.position}) + 1, 0)::int` })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.organizationId, organizationId), eq(ticketTypes.eventId, eventId)));
  return row?.next ?? 0;
}

export async function insertTicketTypes(db: Queryable, values: (typeof ticketTypes.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(ticketTypes).values(values).returning();
}

/** Changes a ticket type; a new capacity only applies while it stays at or above sold + held. */
export async function updateTicketType(
  db: Queryable,
  organizationId: string,
  ticketTypeId: string,
  values: Partial<typeof ticketTypes.$inferInsert>,
): Promise<TicketTypeRow | undefined> {
  const [row] = await db
    .update(ticketTypes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(ticketTypes.organizationId, organizationId),
        eq(ticketTypes.id, ticketTypeId),
        values.capacity === undefined
          ? undefined
          : sql`${ticketTypes.sold} + ${ticketTypes.held} <= ${values.capacity}`,
      ),
    )
    .returning();
  return row;
}

export async function deleteTicketType(db: Queryable, organizationId: string, ticketTypeId: string) {
  const rows = await db
    .delete(ticketTypes)
    .where(
      and(
        eq(ticketTypes.organizationId, organizationId),
        eq(ticketTypes.id, ticketTypeId),
        sql`${ticketTypes.sold} + ${ticketTypes.held} = 0`,
        // Tickets of cancelled or expired orders free their places but stay as the orders' history.
        sql`not exists (select 1 from ${tickets} where ${tickets.ticketTypeId} = ${ticketTypes.id})`,
      ),
    )
    .returning({ id: ticketTypes.id });
  return rows.length > 0;
}

export async function setTicketTypePosition(
  db: Queryable,
  organizationId: string,
  ticketTypeId: string,
  position: number,
) {
  await db
    .update(ticketTypes)
    .set({ position, updatedAt: sql`now()` })
    .where(and(eq(ticketTypes.organizationId, organizationId), eq(ticketTypes.id, ticketTypeId)));
}

export async function insertPools(db: Queryable, values: (typeof capacityPools.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(capacityPools).values(values).returning();
}

export async function updatePool(
  db: Queryable,
  organizationId: string,
  poolId: string,
  values: { name?: string | undefined; capacity?: number | undefined },
): Promise<PoolRow | undefined> {
  const [row] = await db
    .update(capacityPools)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(capacityPools.organizationId, organizationId),
        eq(capacityPools.id, poolId),
        values.capacity === undefined
          ? undefined
          : sql`${capacityPools.sold} + ${capacityPools.held} <= ${values.capacity}`,
      ),
    )
    .returning();
  return row;
}

export async function deletePool(db: Queryable, organizationId: string, poolId: string) {
  const rows = await db
    .delete(capacityPools)
    .where(
      and(
        eq(capacityPools.organizationId, organizationId),
        eq(capacityPools.id, poolId),
        sql`${capacityPools.sold} + ${capacityPools.held} = 0`,
      ),
    )
    .returning({ id: capacityPools.id });
  return rows.length > 0;
}
