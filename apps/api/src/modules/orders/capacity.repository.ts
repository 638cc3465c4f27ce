import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import { type Finish, type RawStatement, rawRows } from '@guichet/db/raw';
import { capacityPools, ticketTypes } from '@guichet/db/schema/events';
import { and, eq, inArray, sql } from 'drizzle-orm';

/**
 * The places of ticket types and their shared pools, as orders take them and give them back. Every count
 * moves through a guarded UPDATE (`... WHERE sold + held + n <= capacity`), which PostgreSQL re-checks on
 * the latest row version after waiting for the row lock, so concurrent buyers can never take more than the
 * capacity. Every function takes the organisation id and uses it in its WHERE.
 */

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

/** A buyer counted among the organisation's customers once their order has its places. */
export interface CustomerCount {
  email: string;
  name: string;
  totalMinor: number;
  currency: string;
}

/** Marketing consent ticked at checkout: recorded by the statement that takes the last places. */
export interface CheckoutConsent {
  orderId: string;
  /** The words of the box the buyer ticked. */
  wording: string;
  /** The buyer, for a customer record made if none exists yet (an order not yet paid counts none). */
  email: string;
  name: string;
  currency: string;
}

/**
 * The consent's rows, after the customer's: with a counted customer (`customer` CTE) the consent goes on
 * its record; without one (a card order not yet paid) the record is made if it is new. Both come after the
 * hot ticket type row's lock, as every order's customer upsert does, so no two orders of one person can
 * wait for each other in opposite orders. DO UPDATE (not DO NOTHING) so the row comes back even when
 * another order committed it after this statement began.
 */
function consentCtes(first: number, counted: boolean, hooked: boolean): string {
  const person = counted
    ? ''
    : `, consent_customer as (
      insert into customers (id, organization_id, email, name, first_order_at, last_order_at, currency)
      select $${first + 3}::uuid, $1, $${first + 4}::text, $${first + 5}::text, now(), now(), $${first + 6}::char(3)
      where exists (select 1 from taken)
      on conflict (organization_id, lower(email)) do update set updated_at = customers.updated_at
      returning id, (xmax = 0) as created
    )${hooked ? customerCreatedCte('consent_customer', `$${first + 4}`, `$${first + 5}`) : ''}`;
  return `${person}, consent as (
      insert into customer_consents (id, organization_id, customer_id, granted, source, wording, order_id)
      select $${first}::uuid, $1, (select id from ${counted ? 'customer' : 'consent_customer'}), true, 'checkout',
        $${first + 1}::text, $${first + 2}::uuid
      where exists (select 1 from taken)
      returning 1
    )`;
}

/**
 * `customer.created` (decision 034) for the record the upsert CTE `source` has just made (`xmax = 0`: a
 * row this statement inserted rather than updated), written by the same statement: the event commits with
 * the order and costs checkout no round trip. One `webhook-id` for every endpoint.
 */
function customerCreatedCte(source: 'customer' | 'consent_customer', email: string, name: string): string {
  return `, ${source}_created as (
      insert into webhook_deliveries (organization_id, endpoint_id, message_id, event_type, payload)
      select $1, endpoint.id, hook.message_id, 'customer.created', jsonb_build_object('type', 'customer.created',
        'timestamp', now(), 'data', jsonb_build_object('id', person.id, 'email', ${email}::text,
          'name', ${name}::text, 'source', 'order'))
      from ${source} person
      cross join (select 'msg_' || replace(gen_random_uuid()::text, '-', '') as message_id) hook
      join webhook_endpoints endpoint on endpoint.organization_id = $1 and endpoint.enabled
        and 'customer.created' = any(endpoint.event_types)
      where person.created
      returning 1
    )`;
}

/** The marker of the error a finishing UPDATE raises when its places are short. */
const PLACES_SHORT = 'places-short';

/** Whether an error is the one a finishing UPDATE raises for want of places (the text cast to integer). */
const isPlacesShort = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: string }).code === '22P02' &&
  error.message.includes(PLACES_SHORT);

/**
 * The statement that takes the last ticket type's places (`$1`–`$4` as in `takeTypeSql`) and, in the same
 * round trip and only if it took them, creates or counts one more order for the buyer's customer record
 * (one per e-mail, case-insensitive; `$5`–`$9`). Its locks come after every capacity row's, for every
 * order alike. Finishing the transaction (its COMMIT sent behind it), it must fail rather than match
 * nothing, or that COMMIT would commit an order without its places: casting the marker to an integer
 * raises, only when nothing was taken.
 */
function lastTypeStatement(
  count: CapacityCount,
  take: [organizationId: string, ticketTypeId: string, poolId: string | null, quantity: number],
  customer: CustomerCount | undefined,
  finishing: boolean,
  consent: CheckoutConsent | undefined,
  hooked: boolean,
): RawStatement {
  const customerCte = `, customer as (
      insert into customers (id, organization_id, email, name, first_order_at, last_order_at, order_count,
        total_spent_minor, currency)
      select $5::uuid, $1, $6::text, $7::text, now(), now(), 1, $8::bigint, $9::char(3)
      where exists (select 1 from taken)
      on conflict (organization_id, lower(email)) do update set
        name = excluded.name,
        last_order_at = now(),
        order_count = customers.order_count + 1,
        total_spent_minor = customers.total_spent_minor + excluded.total_spent_minor,
        updated_at = now()
      returning id, (xmax = 0) as created
    )${hooked ? customerCreatedCte('customer', '$6', '$7') : ''}`;
  const customerValues = customer
    ? [uuidv7(), customer.email, customer.name, customer.totalMinor, customer.currency]
    : [];
  const consentValues = consent
    ? [
        uuidv7(),
        consent.wording,
        consent.orderId,
        ...(customer ? [] : [uuidv7(), consent.email, consent.name, consent.currency]),
      ]
    : [];
  const ctes = `with taken as (${takeTypeSql(count)})${customer ? customerCte : ''}${
    consent ? consentCtes(5 + customerValues.length, Boolean(customer), hooked) : ''
  }`;
  const unhooked = !hooked && (customer || consent) ? '_unhooked' : '';
  return {
    name: `take_type_${count}${customer ? '_customer' : ''}${consent ? '_consent' : ''}${unhooked}${finishing ? '_finish' : ''}`,
    text: finishing
      ? `${ctes} select (select id from taken) as id,
          (select case when count(*) = 0 then '${PLACES_SHORT}' end from taken)::int as short`
      : `${ctes} select id from taken`,
    values: [...take, ...customerValues, ...consentValues],
  };
}

export interface TakeOptions {
  /**
   * Each ticket type's pool as read before the transaction, which spares reading it again. The UPDATE of
   * the type re-checks it (`pool_id is not distinct from`), so a type moved to another pool meanwhile is
   * refused (short), never sold past a pool it now belongs to.
   */
  pools?: ReadonlyMap<string, string | null>;
  /** The buyer to count as a customer, in the statement that takes the last places. */
  customer?: CustomerCount;
  /** The marketing consent ticked at checkout, recorded by that statement too. */
  consent?: CheckoutConsent;
  /**
   * false when the order's transaction saw no enabled webhook endpoint of the organisation (its first
   * statement's `hooked`): the customer made then has no `customer.created` to write, and the statement
   * leaves out that CTE (which opens `webhook_deliveries` for writing at every execution). Default true.
   */
  hooked?: boolean;
  /**
   * Runs the last UPDATE as the transaction's last statement, which commits it (`finish` of
   * `transactionEndingWith`). That UPDATE then fails instead of matching nothing when its places are
   * short (so nothing commits), and the answer is `taken: false` as usual.
   */
  finish?: Finish;
}

/**
 * Takes the places of several lines at once (an order with several ticket types), on the ticket types and
 * their pools, as `sold` or `held`: all or nothing. Call it inside a transaction, as late as possible: the
 * rows stay locked until it ends, and every other buyer of them waits meanwhile. When a ticket type or
 * pool is full or unknown, some rows may already have moved: the caller must roll the transaction back
 * (throwing inside it does).
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
    const values: [string, string, string | null, number] = [
      organizationId,
      type.id,
      type.poolId,
      type.quantity,
    ];
    const { customer, finish, consent } = options;
    if (index === last && (customer || finish || consent)) {
      const statement = lastTypeStatement(
        count,
        values,
        customer,
        Boolean(finish),
        consent,
        options.hooked !== false,
      );
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
