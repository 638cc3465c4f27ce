import type { Database } from '@guichet/db/client';
import { sql } from 'drizzle-orm';

/**
 * Copies onto each paid order the `first_order_at` and id of the customer record with its buyer's e-mail
 * (`orders.buyer_since`, `buyer_customer_id`, decision 041), so the dashboard's returning customers are
 * read from the paid-time index instead of a probe of the customers per buyer. Run by the leader's job every few seconds: the
 * checkout, the payments and the imports write nothing more for it.
 *
 * A copy is exact whenever it is not null: the triggers of migration `dashboard-buyers-custom` clear the
 * copies of a record whose e-mail or first order changes or which is erased, and of an order whose buyer
 * changes. This run and those triggers take the same transaction-scoped advisory lock: a run that read a
 * record before such a change commits its copies before the change's clearing runs (which then clears
 * them), and a run after the change reads the new record. Orders no record matches keep null (readers
 * look them up); so do orders paid before the window, which only a long pause of the job leaves behind.
 */

/** How far back a run looks for paid orders without a copy. */
const WINDOW_HOURS = 48;
/** Orders copied per organisation and statement: a backlog drains over a few runs. */
const BATCH = 5_000;
/** How long a run waits for a change of customers in flight (an erasure) before trying at its next run. */
const LOCK_TIMEOUT_MS = 2_000;

/** The lock shared with the triggers (the same expression in the migration). */
export const BUYER_SINCE_LOCK = sql`pg_advisory_xact_lock(hashtextextended('guichet orders.buyer_since', 0))`;

interface Rows<T> {
  rows: T[];
}

/** One pass over the window's paid orders without a copy, in every organisation; answers how many it copied. */
export async function settleBuyerSince(
  db: Database,
  { windowHours = WINDOW_HOURS, batch = BATCH, lockTimeoutMs = LOCK_TIMEOUT_MS } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = ${Math.round(lockTimeoutMs)}`));
    await tx.execute(sql`select ${BUYER_SINCE_LOCK}`);
    // Per organisation, its paid-time index from the window's start (`buyer_since` is in the index, so
    // the orders already copied are skipped there), each order locked without waiting (an order being
    // changed is left for the next run: its writer may be waiting for this run's advisory lock, as an
    // erasure rewriting it does before it deletes the record); then the record by its unique e-mail index,
    // matched to the order's e-mail as locked.
    const result = (await tx.execute(sql`
      with pending as (
        select o.id
        from organizations g
        cross join lateral (
          select o.id from orders o
          where o.organization_id = g.id
            and o.paid_at >= now() - make_interval(hours => ${windowHours}::int)
            and o.buyer_since is null
          limit ${batch}::int
          for no key update of o skip locked) o
      ),
      copied as (
        update orders o set buyer_since = c.first_order_at, buyer_customer_id = c.id
        from pending p, customers c
        where o.id = p.id and o.buyer_since is null
          and c.organization_id = o.organization_id and lower(c.email) = lower(o.buyer_email)
        returning 1
      )
      select count(*)::int as copied from copied`)) as unknown as Rows<{ copied: number }>;
    return Number(result.rows[0]?.copied ?? 0);
  });
}

/** Passes until one copies nothing: a backfill (the bench's seed, a job long stopped). */
export async function settleAllBuyerSince(db: Database, windowHours: number): Promise<number> {
  let total = 0;
  for (;;) {
    const copied = await settleBuyerSince(db, { windowHours, batch: 50_000 });
    total += copied;
    if (copied === 0) return total;
  }
}
