import type { Queryable } from '@guichet/db/client';
import { capacityPools, events, ticketTypes } from '@guichet/db/schema/events';
import { orders, tickets } from '@guichet/db/schema/orders';
import { type SQL, sql } from 'drizzle-orm';

// The dashboard's events: upcoming and happening now, with their sales. Every function takes the
// organisation id and uses it in its WHERE.

interface Rows<T> {
  rows: T[];
}

export interface EventSales {
  id: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number | null;
  ticketsSold: number;
  soldLast7Days: number;
}

/** Capacity: the pools' capacities plus the capacities of the ticket types in no pool. */
const capacityOf = sql`(
  coalesce((select sum(p.capacity) from ${capacityPools} p
    where p.organization_id = e.organization_id and p.event_id = e.id), 0)
  + coalesce((select sum(tt.capacity) from ${ticketTypes} tt
    where tt.organization_id = e.organization_id and tt.event_id = e.id and tt.pool_id is null), 0))::int`;

/** Valid tickets of paid orders of the event (paid since `since` when given). */
const soldSince = (since: SQL | null) => sql`(select count(*) from ${tickets} t
  join ${orders} o on o.id = t.order_id and o.organization_id = t.organization_id
  where t.organization_id = e.organization_id and t.event_id = e.id and t.status = 'valid'
    and o.paid_at is not null ${since ? sql`and o.paid_at >= ${since}` : sql``})::int`;

/** Published events starting after `now` (soonest first), or happening at `now`. */
export async function eventSales(
  db: Queryable,
  organizationId: string,
  when: 'upcoming' | 'now',
  now: Date,
  limit: number,
): Promise<EventSales[]> {
  const at = now.toISOString();
  // The events first (soonest, at most `limit`), then each one's sales in one pass over its tickets.
  const result = (await db.execute(sql`
    select e.id, e.name, e.starts_at, e.ends_at, ${capacityOf} as capacity, s.sold, s.sold_7
    from (
      select e.id, e.organization_id, e.name, e.starts_at, e.ends_at from ${events} e
      where e.organization_id = ${organizationId} and e.status = 'published'
        and ${when === 'upcoming' ? sql`e.starts_at > ${at}::timestamptz` : sql`e.starts_at <= ${at}::timestamptz and e.ends_at > ${at}::timestamptz`}
      order by e.starts_at, e.id
      limit ${limit}
    ) e
    cross join lateral (
      select count(*)::int as sold,
        (count(*) filter (where o.paid_at >= ${at}::timestamptz - interval '7 days'))::int as sold_7
      from ${tickets} t
      join ${orders} o on o.id = t.order_id and o.organization_id = t.organization_id
      where t.organization_id = e.organization_id and t.event_id = e.id and t.status = 'valid'
        and o.paid_at is not null
    ) s
    order by e.starts_at, e.id`)) as unknown as Rows<{
    id: string;
    name: string;
    starts_at: string | Date;
    ends_at: string | Date;
    capacity: number;
    sold: number;
    sold_7: number;
  }>;
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    capacity: Number(row.capacity) > 0 ? Number(row.capacity) : null,
    ticketsSold: Number(row.sold),
    soldLast7Days: Number(row.sold_7),
  }));
}

/**
 * The organisation's previous comparable event: the latest one that has ended, with its sales in all and
 * as they stood `leadMs` before it started (to compare with an upcoming event as far from its start).
 */
export async function previousEvent(
  db: Queryable,
  organizationId: string,
  now: Date,
): Promise<{ id: string; name: string; startsAt: Date; ticketsSold: number } | null> {
  const result = (await db.execute(sql`
    select e.id, e.name, e.starts_at, ${soldSince(null)} as sold
    from ${events} e
    where e.organization_id = ${organizationId} and e.status in ('published', 'archived')
      and e.ends_at <= ${now.toISOString()}::timestamptz
    order by e.starts_at desc, e.id desc
    limit 1`)) as unknown as Rows<{ id: string; name: string; starts_at: string | Date; sold: number }>;
  const row = result.rows[0];
  return row
    ? { id: row.id, name: row.name, startsAt: new Date(row.starts_at), ticketsSold: Number(row.sold) }
    : null;
}

/**
 * Valid tickets of the event's orders paid before each of `befores` (in their order): one statement that
 * reads the event's paid tickets once, whatever the number of upcoming events compared with it.
 */
export async function soldBeforeEach(
  db: Queryable,
  organizationId: string,
  eventId: string,
  befores: Date[],
): Promise<number[]> {
  if (befores.length === 0) return [];
  const thresholds = sql.join(
    befores.map((before, index) => sql`(${index}::int, ${before.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with sold as materialized (
      select o.paid_at from ${tickets} t
      join ${orders} o on o.id = t.order_id and o.organization_id = t.organization_id
      where t.organization_id = ${organizationId} and t.event_id = ${eventId} and t.status = 'valid'
        and o.paid_at is not null
    )
    select b.i, (select count(*) from sold where sold.paid_at < b.before)::int as n
    from (values ${thresholds}) as b(i, before)
    order by b.i`)) as unknown as Rows<{ i: number; n: number }>;
  return result.rows.map((row) => Number(row.n));
}
