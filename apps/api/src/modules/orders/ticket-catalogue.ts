import { capacityPools, events, ticketTypes } from '@guichet/db/schema/events';
import { organizations } from '@guichet/db/schema/organizations';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../mail/mail.repository';

/**
 * What selling reads of events: ticket types with their pool's counts, and events found by their public
 * slugs. Reads only; every count change goes through the events repository's guarded capacity functions.
 */

export type TicketTypeRow = typeof ticketTypes.$inferSelect & {
  pool: { capacity: number; sold: number; held: number } | null;
};

export async function eventTicketTypes(
  db: Queryable,
  organizationId: string,
  eventId: string,
): Promise<TicketTypeRow[]> {
  const rows = await db
    .select({
      type: ticketTypes,
      poolCapacity: capacityPools.capacity,
      poolSold: capacityPools.sold,
      poolHeld: capacityPools.held,
    })
    .from(ticketTypes)
    .leftJoin(
      capacityPools,
      and(eq(capacityPools.id, ticketTypes.poolId), eq(capacityPools.organizationId, organizationId)),
    )
    .where(and(eq(ticketTypes.organizationId, organizationId), eq(ticketTypes.eventId, eventId)))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));
  return rows.map((row) => ({
    ...row.type,
    pool:
      row.poolCapacity === null
        ? null
        : { capacity: row.poolCapacity, sold: row.poolSold ?? 0, held: row.poolHeld ?? 0 },
  }));
}

/** Places left: the ticket type's own, and its pool's when that is smaller. */
export function placesLeft(type: TicketTypeRow): number {
  const own = type.capacity - type.sold - type.held;
  const pooled = type.pool ? type.pool.capacity - type.pool.sold - type.pool.held : own;
  return Math.max(0, Math.min(own, pooled));
}

/** What order mail and tickets say of the organiser: its name and how it takes offline payments. */
export interface Organizer {
  name: string;
  /** Set in the company settings; null: the mail and the order page say it in a generic sentence. */
  offlinePaymentInstructions: string | null;
}

export async function organizer(db: Queryable, organizationId: string): Promise<Organizer> {
  const [row] = await db
    .select({
      name: organizations.name,
      offlinePaymentInstructions: organizations.offlinePaymentInstructions,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return { name: row?.name ?? '', offlinePaymentInstructions: row?.offlinePaymentInstructions ?? null };
}

/**
 * A published event by the organisation's slug and its own. Unknown organisation, unknown event and an
 * event that is not published all give undefined, so the public API answers them with the same 404.
 */
export async function publishedEventBySlugs(db: Queryable, organizationSlug: string, eventSlug: string) {
  const [row] = await db
    .select({
      event: events,
      organization: {
        id: organizations.id,
        name: organizations.name,
        slug: organizations.slug,
        offlinePaymentInstructions: organizations.offlinePaymentInstructions,
      },
    })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(
      and(
        eq(organizations.slug, organizationSlug),
        eq(events.slug, eventSlug),
        eq(events.status, 'published'),
      ),
    );
  return row;
}
