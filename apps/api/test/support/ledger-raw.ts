import type { Queryable } from '@guichet/db/client';
import { type SQL, sql } from 'drizzle-orm';
import type { Period } from '../../src/modules/finances/finances.repository';

/**
 * The finances' and the dashboard's ledger figures computed from the raw ledger rows alone, as they were
 * before the roll-up (decision 036): the oracle that the roll-up's reads must equal, to the unit.
 */

interface Rows<T> {
  rows: T[];
}

const at = (p: Period) => (p.basis === 'event' ? sql`e.starts_at` : sql`l.occurred_at`);
const where = (p: Period) => sql`l.organization_id = ${p.organizationId}
  and ${at(p)} >= (${p.from}::date)::timestamp at time zone ${p.tz}
  and ${at(p)} < (${p.to}::date + 1)::timestamp at time zone ${p.tz}
  ${p.eventId ? sql`and l.event_id = ${p.eventId}` : sql``}`;
const join = (p: Period) =>
  p.basis === 'event'
    ? sql`join events e on e.id = l.event_id and e.organization_id = l.organization_id`
    : sql`left join events e on e.id = l.event_id and e.organization_id = l.organization_id`;

async function keyed(db: Queryable, statement: SQL): Promise<Record<string, number>> {
  const result = (await db.execute(statement)) as unknown as Rows<{ key: string; value: string }>;
  return Object.fromEntries(result.rows.map((row) => [row.key, Number(row.value)]));
}

/** Sums by currency, kind and method. */
export const rawTotals = (db: Queryable, p: Period) =>
  keyed(
    db,
    sql`select concat_ws('/', l.currency, l.kind, l.method) as key, sum(l.amount_minor)::text as value
      from ledger_entries l ${join(p)} where ${where(p)} group by 1`,
  );

/** Sums by currency, kind and event (rows with an event). */
export const rawEventTotals = (db: Queryable, p: Period) =>
  keyed(
    db,
    sql`select concat_ws('/', l.currency, l.kind, l.event_id) as key, sum(l.amount_minor)::text as value
      from ledger_entries l ${join(p)} where ${where(p)} and l.event_id is not null group by 1`,
  );

/** Orders with a sale, per currency. */
export const rawOrderCounts = (db: Queryable, p: Period) =>
  keyed(
    db,
    sql`select l.currency as key, count(distinct l.order_id)::text as value
      from ledger_entries l ${join(p)} where ${where(p)} and l.kind = 'sale' group by 1`,
  );

/** Sales and refunds per chart bucket and currency. */
export const rawSeries = (db: Queryable, p: Period, bucket: 'day' | 'week' | 'month') =>
  keyed(
    db,
    sql`select concat_ws('/', to_char(date_trunc(${bucket}, ${at(p)} at time zone ${p.tz}), 'YYYY-MM-DD'),
        l.currency, k.figure) as key, sum(k.amount)::text as value
      from ledger_entries l ${join(p)}
      cross join lateral (values
        ('gross', case when l.kind = 'sale' then l.amount_minor end),
        ('refunds', case when l.kind in ('refund', 'refund_reversal') then -l.amount_minor end)) k(figure, amount)
      where ${where(p)} and l.kind in ('sale', 'refund', 'refund_reversal') group by 1`,
  );

/** The dashboard's money per currency: gross, net, refunds, refund count, paid orders. */
export const rawDashboard = (db: Queryable, p: Period) =>
  keyed(
    db,
    sql`select concat_ws('/', l.currency, k.figure) as key, max(k.value)::text as value
      from (select l.currency,
          coalesce(sum(l.amount_minor) filter (where l.kind = 'sale'), 0) as gross,
          coalesce(sum(l.amount_minor) filter (where l.kind in ('sale', 'refund', 'refund_reversal',
            'processor_fee', 'platform_fee', 'adjustment', 'dispute')), 0) as net,
          coalesce(-sum(l.amount_minor) filter (where l.kind in ('refund', 'refund_reversal')), 0) as refunds,
          count(*) filter (where l.kind = 'refund') as refund_count,
          count(distinct l.order_id) filter (where l.kind = 'sale') as paid_orders
        from ledger_entries l where ${where({ ...p, basis: 'payment', eventId: null })} group by l.currency) l
      cross join lateral (values ('gross', l.gross), ('net', l.net), ('refunds', l.refunds),
        ('refundCount', l.refund_count), ('paidOrders', l.paid_orders)) k(figure, value)
      where l.gross <> 0 or l.net <> 0 or l.refund_count > 0
      group by 1`,
  );

/** The dashboard's sales chart: gross and orders per hour or day and currency. */
export const rawSalesSeries = (db: Queryable, p: Period, bucket: 'hour' | 'day') =>
  keyed(
    db,
    sql`select concat_ws('/', to_char(date_trunc(${bucket}, l.occurred_at at time zone ${p.tz}),
        ${bucket === 'hour' ? 'YYYY-MM-DD"T"HH24:00' : 'YYYY-MM-DD'}), l.currency, k.figure) as key,
        max(k.value)::text as value
      from (select date_trunc(${bucket}, l.occurred_at at time zone ${p.tz}) as bucket,
          min(l.occurred_at) as occurred_at, l.currency, sum(l.amount_minor) as gross,
          count(distinct l.order_id) as orders
        from ledger_entries l where ${where({ ...p, basis: 'payment', eventId: null })} and l.kind = 'sale'
        group by 1, 3) l
      cross join lateral (values ('gross', l.gross), ('orders', l.orders)) k(figure, value)
      group by 1`,
  );
