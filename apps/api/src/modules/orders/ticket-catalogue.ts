import { capacityPools, ticketTypes } from '@guichet/db/schema/events';
import { organizations } from '@guichet/db/schema/organizations';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../mail/mail.repository';

/**
 * What selling reads of events: ticket types with their pool's counts (a buyer's checkout reads them with
 * the event: published-event.ts). Reads only; every count change goes through the events repository's
 * guarded capacity functions.
 */

export type TicketTypeRow = typeof ticketTypes.$inferSelect & {
  pool: { capacity: number; sold: number; held: number } | null;
};

/** A ticket type read with its pool's counts (all null when it has no pool). */
export function withPool(
  type: typeof ticketTypes.$inferSelect,
  pool: { poolCapacity: number | null; poolSold: number | null; poolHeld: number | null },
): TicketTypeRow {
  return {
    ...type,
    pool:
      pool.poolCapacity === null
        ? null
        : { capacity: pool.poolCapacity, sold: pool.poolSold ?? 0, held: pool.poolHeld ?? 0 },
  };
}

/**
 * What placing an order reads before its transaction, in one query: the event's ticket types with their
 * pools' counts, and what the buyer's e-mail says of the organiser.
 */
export async function orderCatalogue(
  db: Queryable,
  organizationId: string,
  eventId: string,
): Promise<{ types: TicketTypeRow[]; organizer: Organizer }> {
  const rows = await prepared(db, orderCatalogueQuery).execute({ organizationId, eventId });
  const types: TicketTypeRow[] = [];
  for (const row of rows) if (row.type) types.push(withPool(row.type, row));
  const first = rows[0];
  return {
    types,
    organizer: {
      name: first?.organizationName ?? '',
      offlinePaymentInstructions: first?.offlinePaymentInstructions ?? null,
    },
  };
}

const orderCatalogueQuery = (db: Queryable) =>
  db
    .select({
      organizationName: organizations.name,
      offlinePaymentInstructions: organizations.offlinePaymentInstructions,
      type: ticketTypes,
      poolCapacity: capacityPools.capacity,
      poolSold: capacityPools.sold,
      poolHeld: capacityPools.held,
    })
    .from(organizations)
    .leftJoin(
      ticketTypes,
      and(
        eq(ticketTypes.organizationId, organizations.id),
        eq(ticketTypes.eventId, sql.placeholder('eventId')),
      ),
    )
    .leftJoin(
      capacityPools,
      and(eq(capacityPools.id, ticketTypes.poolId), eq(capacityPools.organizationId, organizations.id)),
    )
    .where(eq(organizations.id, sql.placeholder('organizationId')))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id))
    .prepare('order_catalogue');

// The catalogue read of a staff order, prepared once per database handle: the query builder then runs
// once, and PostgreSQL plans the statement once per connection.
const preparedQueries = new WeakMap<object, Map<unknown, unknown>>();
function prepared<P>(db: Queryable, build: (db: Queryable) => P): P {
  let byBuilder = preparedQueries.get(db);
  if (!byBuilder) {
    byBuilder = new Map();
    preparedQueries.set(db, byBuilder);
  }
  let query = byBuilder.get(build) as P | undefined;
  if (!query) {
    query = build(db);
    byBuilder.set(build, query);
  }
  return query;
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
