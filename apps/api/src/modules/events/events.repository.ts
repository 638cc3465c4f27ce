import { escapeLike } from '@guichet/db/like';
import { type RawStatement, rawRows } from '@guichet/db/raw';
import { capacityPools, events, ticketTypes } from '@guichet/db/schema/events';
import { tickets } from '@guichet/db/schema/orders';
import { organizations } from '@guichet/db/schema/organizations';
import { files } from '@guichet/db/schema/settings';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Queryable } from '../mail/mail.repository';

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

/** Slugs of the organisation starting with `base`, to pick a free one. */
/**
 * A transaction-scoped advisory lock per organisation: without it, two events created at the same moment
 * with the same name would both pick the same free slug and one would fail on the unique index.
 */
export async function lockSlugAllocation(db: Queryable, organizationId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`event-slug:${organizationId}`}))`);
}

export async function slugsStartingWith(db: Queryable, organizationId: string, base: string) {
  const rows = await db
    .select({ slug: events.slug })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), like(events.slug, `${escapeLike(base)}%`)));
  return new Set(rows.map((row) => row.slug));
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

// Capacity ---------------------------------------------------------------------------------------------------

/** A number of places of one ticket type, as an order takes or gives them back. */
export interface CapacityLine {
  ticketTypeId: string;
  quantity: number;
}

/** Which count a change moves: `held` for reservations waiting for payment, `sold` for everything else. */
export type CapacityCount = 'sold' | 'held';

/** The lines' ticket types with their pools, and the quantities summed per pool and per ticket type. */
async function capacityPlan(
  tx: Queryable,
  organizationId: string,
  lines: readonly CapacityLine[],
  knownPools?: ReadonlyMap<string, string | null>,
) {
  const perType = new Map<string, number>();
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0)
      throw new RangeError('quantity must be a positive integer');
    perType.set(line.ticketTypeId, (perType.get(line.ticketTypeId) ?? 0) + line.quantity);
  }
  const ids = [...perType.keys()].sort();
  const rows = knownPools
    ? ids.flatMap((id) => {
        const poolId = knownPools.get(id);
        return poolId === undefined ? [] : [{ id, poolId }];
      })
    : ids.length === 0
      ? []
      : await tx
          .select({ id: ticketTypes.id, poolId: ticketTypes.poolId })
          .from(ticketTypes)
          .where(and(eq(ticketTypes.organizationId, organizationId), inArray(ticketTypes.id, ids)));
  const poolOf = new Map(rows.map((row) => [row.id, row.poolId]));
  const perPool = new Map<string, number>();
  for (const [id, quantity] of perType) {
    const poolId = poolOf.get(id);
    if (poolId) perPool.set(poolId, (perPool.get(poolId) ?? 0) + quantity);
  }
  return {
    known: rows.length === ids.length,
    // Pools first, then ticket types, each in id order: every writer of these rows locks them in the same
    // order, so concurrent orders wait for each other but never deadlock.
    pools: [...perPool.entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
    types: ids.map((id) => ({ id, poolId: poolOf.get(id) ?? null, quantity: perType.get(id) ?? 0 })),
  };
}

/** Whether the places were taken; if not, the ticket types that ran short (those sharing a full pool, or one). */
export type CapacityTaken = { taken: true } | { taken: false; shortOf: string[] };

// The guarded UPDATEs, written by hand and prepared once per connection: they run while other buyers wait
// on the same rows, so they should cost PostgreSQL and the API as little as possible.
const takePoolSql = (count: CapacityCount) => `update capacity_pools
  set ${count} = ${count} + $3, updated_at = now()
  where organization_id = $1 and id = $2 and sold + held + $3 <= capacity
  returning id`;
const takeTypeSql = (count: CapacityCount) => `update ticket_types
  set ${count} = ${count} + $4, updated_at = now()
  where organization_id = $1 and id = $2 and pool_id is not distinct from $3::uuid
    and sold + held + $4 <= capacity
  returning id`;

/**
 * A step to run in the same statement as the last guarded UPDATE (so in the same round trip), and only if
 * that UPDATE took its places: a common table expression named in `cte` (e.g. `customer as (insert ...)`)
 * that may read `taken` (the ticket type the last UPDATE took, one row or none); its parameters start at
 * `$5`. Its locks come after every capacity row's, for every order alike.
 */
export interface CapacityRider {
  /** A name for the combined statement, unique to this text (it is prepared per connection). */
  name: string;
  cte: string;
  values: unknown[];
}

export interface TakeOptions {
  /**
   * Each ticket type's pool as read before the transaction, which spares reading it again. The UPDATE of
   * the type re-checks it (`pool_id is not distinct from`), so a type moved to another pool meanwhile is
   * refused (short), never sold past a pool it now belongs to.
   */
  pools?: ReadonlyMap<string, string | null>;
  rider?: CapacityRider;
  /**
   * Runs the last UPDATE as the transaction's last statement, which commits it (`finish` of
   * `transactionEndingWith`). That UPDATE then fails instead of matching nothing when its places are
   * short (so nothing commits), and the answer is `taken: false` as usual.
   */
  finish?: (statement: RawStatement) => Promise<unknown[]>;
}

/** The marker of the error a finishing UPDATE raises when its places are short. */
const PLACES_SHORT = 'places-short';

/** Whether an error is the one a finishing UPDATE raises for want of places (the text cast to integer). */
const isPlacesShort = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: string }).code === '22P02' &&
  error.message.includes(PLACES_SHORT);

/**
 * Takes the places of several lines at once (an order with several ticket types), on the ticket types and
 * their pools, as `sold` or `held`: all or nothing. Call it inside a transaction, as late as possible: the
 * rows stay locked until it ends, and every other buyer of them waits meanwhile. Each count moves only
 * through a guarded UPDATE (`... WHERE sold + held + n <= capacity`), which PostgreSQL re-checks on the
 * latest row version after waiting for the row lock, so concurrent buyers can never take more than the
 * capacity. When a ticket type or pool is full or unknown, some rows may already have moved: the caller
 * must roll the transaction back (throwing inside it does).
 */
export async function takeCapacity(
  tx: Queryable,
  organizationId: string,
  lines: readonly CapacityLine[],
  count: CapacityCount,
  options: TakeOptions = {},
): Promise<CapacityTaken> {
  const plan = await capacityPlan(tx, organizationId, lines, options.pools);
  if (!plan.known) return { taken: false, shortOf: [] };
  for (const [poolId, quantity] of plan.pools) {
    const rows = await rawRows(tx, {
      name: `take_pool_${count}`,
      text: takePoolSql(count),
      values: [organizationId, poolId, quantity],
    });
    if (rows.length === 0) {
      return {
        taken: false,
        shortOf: plan.types.filter((type) => type.poolId === poolId).map((type) => type.id),
      };
    }
  }
  const last = plan.types.length - 1;
  for (const [index, type] of plan.types.entries()) {
    const values = [organizationId, type.id, type.poolId, type.quantity];
    if (index === last && (options.rider || options.finish)) {
      const { rider, finish } = options;
      const name = `take_type_${count}${rider ? `_${rider.name}` : ''}${finish ? '_finish' : ''}`;
      const ctes = `with taken as (${takeTypeSql(count)})${rider ? `, ${rider.cte}` : ''}`;
      // A finishing UPDATE must fail rather than match nothing, or the COMMIT sent behind it would commit
      // an order without its places: casting the marker to an integer raises, only when nothing was taken.
      const text = finish
        ? `${ctes} select (select id from taken) as id,
            (select case when count(*) = 0 then '${PLACES_SHORT}' end from taken)::int as short`
        : `${ctes} select id from taken`;
      const statement = { name, text, values: [...values, ...(rider?.values ?? [])] };
      try {
        const rows = finish ? await finish(statement) : await rawRows(tx, statement);
        if (rows.length === 0) return { taken: false, shortOf: [type.id] };
      } catch (error) {
        if (isPlacesShort(error)) return { taken: false, shortOf: [type.id] };
        throw error;
      }
      continue;
    }
    const rows = await rawRows(tx, { name: `take_type_${count}`, text: takeTypeSql(count), values });
    if (rows.length === 0) return { taken: false, shortOf: [type.id] };
  }
  return { taken: true };
}

/**
 * Gives places back (a cancelled order, an expired reservation), in the same lock order as
 * `takeCapacity`. Each UPDATE is guarded so a count never goes below zero; a guard that fails means the
 * counts and the orders disagree, which is a bug worth stopping for, so it throws (rolling back).
 * Callers release only after winning a conditional status change of the order, so this runs once per order.
 */
export async function releaseCapacity(
  tx: Queryable,
  organizationId: string,
  lines: readonly CapacityLine[],
  count: CapacityCount,
): Promise<void> {
  const plan = await capacityPlan(tx, organizationId, lines);
  if (!plan.known) throw new Error('releasing places of an unknown ticket type');
  for (const [poolId, quantity] of plan.pools) {
    const column = count === 'sold' ? capacityPools.sold : capacityPools.held;
    const rows = await tx
      .update(capacityPools)
      .set({ [count]: sql`${column} - ${quantity}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(capacityPools.organizationId, organizationId),
          eq(capacityPools.id, poolId),
          sql`${column} >= ${quantity}`,
        ),
      )
      .returning({ id: capacityPools.id });
    if (rows.length === 0) throw new Error(`capacity pool ${poolId} has fewer than ${quantity} ${count}`);
  }
  for (const type of plan.types) {
    const column = count === 'sold' ? ticketTypes.sold : ticketTypes.held;
    const rows = await tx
      .update(ticketTypes)
      .set({ [count]: sql`${column} - ${type.quantity}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(ticketTypes.organizationId, organizationId),
          eq(ticketTypes.id, type.id),
          sql`${column} >= ${type.quantity}`,
        ),
      )
      .returning({ id: ticketTypes.id });
    if (rows.length === 0) throw new Error(`ticket type ${type.id} has fewer than ${type.quantity} ${count}`);
  }
}
