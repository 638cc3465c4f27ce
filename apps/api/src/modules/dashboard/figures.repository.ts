import type { Queryable } from '@guichet/db/client';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { customers, orders, tickets } from '@guichet/db/schema/orders';
import { checkinLog } from '@guichet/db/schema/scan';
import { type SQL, sql } from 'drizzle-orm';
import * as rollups from '../ledger/rollup.repository';

// The dashboard's figures. Every function takes the organisation id and uses it in its WHERE. A period is
// days in a time zone: from its first midnight (inclusive) to the midnight after its last day (exclusive).

export interface Days {
  organizationId: string;
  from: string;
  to: string;
  tz: string;
}

interface Rows<T> {
  rows: T[];
}

/** `column` within the days, as instants (so the organisation's time indexes serve it). */
function within(column: SQL, d: Days): SQL {
  return sql`${column} >= (${d.from}::date)::timestamp at time zone ${d.tz}
    and ${column} < (${d.to}::date + 1)::timestamp at time zone ${d.tz}`;
}

/** The days as one span of `covered` ledger rows (decision 036): the roll-up up to the watermark, raw after. */
function coveredDays(d: Days, w: number, bucket?: 'hour' | 'day'): SQL {
  const lo = sql`(${d.from}::date)::timestamp at time zone ${d.tz}`;
  const hi = sql`(${d.to}::date + 1)::timestamp at time zone ${d.tz}`;
  const format = bucket === 'hour' ? 'YYYY-MM-DD"T"HH24:00' : 'YYYY-MM-DD';
  // Numbered buckets: the planner knows how many (see finances.repository's coveredPeriod). Hours are
  // real hours from the first midnight, labelled with their local hour: the hour a clock goes back twice
  // comes twice under one label, as the raw rows' local hour groups them; days are local midnights.
  const days = Math.round((Date.parse(d.to) - Date.parse(d.from)) / 86_400_000) + 1;
  const spans =
    bucket === 'hour'
      ? sql`select to_char(date_trunc('hour', s.lo at time zone ${d.tz}), ${format}) as label, s.lo,
            least(s.lo + interval '1 hour', ${hi}) as hi
          from generate_series(0, ${days * 24}::int) i
          cross join lateral (select ${lo} + i * interval '1 hour' as lo) s
          where s.lo < ${hi}`
      : bucket === 'day'
        ? sql`select to_char(b, ${format}) as label, b at time zone ${d.tz} as lo,
            (b + interval '1 day') at time zone ${d.tz} as hi
          from generate_series(0, ${days - 1}::int) i
          cross join lateral (select ${d.from}::date::timestamp + i * interval '1 day' as b) b`
        : sql`select ''::text as label, ${lo} as lo, ${hi} as hi`;
  return rollups.coveredByTime(
    { organizationId: d.organizationId, spans, scope: { kind: 'organization' } },
    w,
  );
}

/** Money per currency from the ledger: sales, net (as the finances page counts it), refunds, paid orders. */
export async function ledgerFigures(db: Queryable, d: Days) {
  const rows = await rollups.atWatermark<{
    seen: string;
    currency: string | null;
    gross: string;
    net: string;
    refunds: string;
    refund_count: string;
    paid_orders: string;
  }>(
    db,
    (w) => sql`${coveredDays(d, w)}
      select ${rollups.seenWatermark} as seen, t.* from (select 1) one left join (
        select c.currency,
          coalesce(sum(c.amount_minor) filter (where c.kind = 'sale'), 0)::text as gross,
          coalesce(sum(c.amount_minor) filter (where c.kind in ('sale', 'refund', 'refund_reversal',
            'processor_fee', 'platform_fee', 'adjustment', 'dispute')), 0)::text as net,
          coalesce(-sum(c.amount_minor) filter (where c.kind in ('refund', 'refund_reversal')), 0)::text as refunds,
          coalesce(sum(c.entries) filter (where c.kind = 'refund'), 0)::text as refund_count,
          (coalesce(sum(c.order_entries) filter (where c.kind = 'sale'), 0)
            - coalesce((select sum(x.extra) from corrections x where x.currency = c.currency), 0))::text as paid_orders
        from covered c
        group by c.currency) t on true
      order by t.currency`,
  );
  return rows
    .flatMap((row) =>
      row.currency === null
        ? []
        : [
            {
              currency: row.currency,
              grossMinor: Number(row.gross),
              netMinor: Number(row.net),
              refundsMinor: Number(row.refunds),
              refundCount: Number(row.refund_count),
              paidOrders: Number(row.paid_orders),
            },
          ],
    )
    .filter((row) => row.grossMinor !== 0 || row.netMinor !== 0 || row.refundCount > 0);
}

/** Orders paid in the days (free ones too) and their tickets. */
export async function orderFigures(db: Queryable, d: Days) {
  const result = (await db.execute(sql`
    select count(*)::int as orders,
      coalesce(sum((select count(*) from ${tickets} t
        where t.organization_id = o.organization_id and t.order_id = o.id)), 0)::int as tickets
    from ${orders} o
    where o.organization_id = ${d.organizationId} and o.paid_at is not null and ${within(sql`o.paid_at`, d)}`)) as unknown as Rows<{
    orders: number;
    tickets: number;
  }>;
  const row = result.rows[0];
  return { orders: Number(row?.orders ?? 0), ticketsSold: Number(row?.tickets ?? 0) };
}

/** New customers (first order in the days) and returning ones (an order paid in the days, a first order before). */
export async function customerFigures(db: Queryable, d: Days) {
  const result = (await db.execute(sql`
    select
      (select count(*) from ${customers} c
        where c.organization_id = ${d.organizationId} and ${within(sql`c.first_order_at`, d)})::int as new_customers,
      (select count(distinct c.id) from ${orders} o
        join ${customers} c on c.organization_id = o.organization_id and lower(c.email) = lower(o.buyer_email)
        where o.organization_id = ${d.organizationId} and o.paid_at is not null
          and ${within(sql`o.paid_at`, d)}
          and c.first_order_at < (${d.from}::date)::timestamp at time zone ${d.tz})::int as returning_customers`)) as unknown as Rows<{
    new_customers: number;
    returning_customers: number;
  }>;
  const row = result.rows[0];
  return {
    newCustomers: Number(row?.new_customers ?? 0),
    returningCustomers: Number(row?.returning_customers ?? 0),
  };
}

/** Admissions at the gates in the days, undone ones left out. */
export async function checkInCount(db: Queryable, d: Days): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from ${checkinLog} g
    where g.organization_id = ${d.organizationId} and g.admitted and g.direction = 'entry'
      and g.undone_at is null and ${within(sql`g.scanned_at`, d)}`)) as unknown as Rows<{ n: number }>;
  return Number(result.rows[0]?.n ?? 0);
}

/** Sales per hour or day (in the time zone) and currency, from the ledger's sale rows. */
export async function salesSeries(db: Queryable, d: Days, bucket: 'hour' | 'day') {
  const rows = await rollups.atWatermark<{
    seen: string;
    at: string | null;
    currency: string;
    gross: string;
    orders: string;
  }>(
    db,
    (w) => sql`${coveredDays(d, w, bucket)}
      select ${rollups.seenWatermark} as seen, t.* from (select 1) one left join (
        select c.label as at, c.currency, sum(c.amount_minor)::text as gross,
          (sum(c.order_entries) - coalesce(max(x.extra), 0))::text as orders
        from covered c left join corrections x on x.label = c.label and x.currency = c.currency
        where c.kind = 'sale'
        group by 1, 2) t on true
      order by t.at, t.currency`,
  );
  return rows.flatMap((row) =>
    row.at === null
      ? []
      : [{ at: row.at, currency: row.currency, grossMinor: Number(row.gross), orders: Number(row.orders) }],
  );
}

/**
 * What changes when money moves, an order is paid or someone is admitted (or an admission undone): compared
 * between polls, a change tells live dashboards to read their figures again. Counts over the organisation's
 * index ranges (the ledger and the check-in log are append-only, so a count moves with every new row).
 */
export async function changeSignature(db: Queryable, organizationId: string): Promise<string> {
  const result = (await db.execute(sql`
    select
      (select count(*) from ${ledgerEntries} l where l.organization_id = ${organizationId})::text as ledger,
      (select count(*) from ${orders} o
        where o.organization_id = ${organizationId} and o.paid_at is not null)::text as paid,
      (select count(*) from ${checkinLog} g where g.organization_id = ${organizationId})::text as scans,
      (select count(*) from ${checkinLog} g
        where g.organization_id = ${organizationId} and g.undone_at is not null)::text as undone`)) as unknown as Rows<{
    ledger: string;
    paid: string;
    scans: string;
    undone: string;
  }>;
  const row = result.rows[0];
  return `${row?.ledger}|${row?.paid}|${row?.scans}|${row?.undone}`;
}
