import type { Database } from '@guichet/db/client';
import { dashboardPaidRollups } from '@guichet/db/schema/dashboard';
import { orders } from '@guichet/db/schema/orders';
import { sql } from 'drizzle-orm';

/**
 * The tally of paid orders and their tickets per organisation and UTC day and hour
 * (`dashboard_paid_rollups`), which the dashboard reads instead of every paid order of a period (decision
 * 041, second pass). Run by the leader's job every few seconds; the checkout and the payments write nothing
 * more for it.
 *
 * No watermark is needed: each order is marked (`paid_tallied`) by the transaction that adds it to the
 * tally, so any snapshot sees it counted and marked, or neither; readers add the paid orders not marked
 * yet (a partial index holds only those). Orders are locked without waiting (an order being written is
 * left for the next run) and marked only if still unmarked, so two runs never count one twice.
 */

interface Rows<T> {
  rows: T[];
}

/** Orders tallied per transaction: a backlog (the first run on an existing database) drains step by step. */
const BATCH = 5_000;

/** One pass: tallies up to `batch` paid orders not tallied yet; answers how many it tallied. */
export async function tallyPaidOrders(db: Database, { batch = BATCH } = {}): Promise<number> {
  const result = (await db.execute(sql`
    with pending as (
      select o.id from ${orders} o
      where o.paid_at is not null and not o.paid_tallied
      limit ${batch}::int
      for no key update skip locked
    ),
    tallied as (
      update ${orders} o set paid_tallied = true
      from pending p
      where o.id = p.id and o.paid_at is not null and not o.paid_tallied
      returning o.organization_id, o.paid_at, o.ticket_count
    ),
    added as (
      insert into ${dashboardPaidRollups} (organization_id, grain, starts_at, orders, tickets)
      select t.organization_id, g.grain, date_trunc(g.grain, t.paid_at, 'UTC'), count(*), sum(t.ticket_count)
      from tallied t cross join (values ('day'), ('hour')) g(grain)
      group by 1, 2, 3
      on conflict (organization_id, grain, starts_at) do update
        set orders = ${dashboardPaidRollups}.orders + excluded.orders,
          tickets = ${dashboardPaidRollups}.tickets + excluded.tickets
    )
    select count(*)::int as tallied from tallied`)) as unknown as Rows<{ tallied: number }>;
  return Number(result.rows[0]?.tallied ?? 0);
}

/** Passes until one tallies nothing: a backfill (the bench's seed, a job long stopped). */
export async function tallyAllPaidOrders(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const tallied = await tallyPaidOrders(db, { batch: 50_000 });
    total += tallied;
    if (tallied === 0) return total;
  }
}
