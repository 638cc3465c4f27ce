import type { Queryable } from '@guichet/db/client';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { ledgerRollups } from '@guichet/db/schema/ledger-rollups';
import { customers, orders } from '@guichet/db/schema/orders';
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
        group by c.currency
        having sum(c.entries) > 0) t on true
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

export interface Activity {
  orders: number;
  ticketsSold: number;
  newCustomers: number;
  returningCustomers: number;
  checkIns: number;
}

/**
 * What the ledger does not say, for one or more periods in one statement (one round trip): orders paid in
 * the days (free ones too) and their tickets; new customers (the customers record's first order in the
 * days); returning ones (an order paid in the days, a first order before); admissions at the gates, undone
 * ones left out. Answers in the periods' order.
 *
 * The period's paid orders are one index-only range of `orders_organization_paid_idx` (decision 041): it
 * carries each order's ticket count and its buyer's record's id and first order (`buyer_customer_id`,
 * `buyer_since`, copied by the leader's job; null until then, or when no record matches, and then looked
 * up here).
 */
export async function activityFigures(
  db: Queryable,
  organizationId: string,
  tz: string,
  periods: { from: string; to: string }[],
): Promise<Activity[]> {
  const values = sql.join(
    periods.map((period, index) => sql`(${index}::int, ${period.from}::date, ${period.to}::date)`),
    sql`, `,
  );
  // Each figure reads its own index range. No shared CTE: the planner estimates the orders without a
  // copy from the column's statistics (a handful), not as a share of a CTE's guessed rows, which priced
  // their look-ups past the JIT threshold (compiling cost 100+ ms for a few ms of work).
  const paidIn = sql`o.organization_id = ${organizationId} and o.paid_at >= p.starts and o.paid_at < p.ends`;
  const result = (await db.execute(sql`
    with period as (
      select v.i, (v.first_day)::timestamp at time zone ${tz} as starts,
        (v.last_day + 1)::timestamp at time zone ${tz} as ends
      from (values ${values}) as v(i, first_day, last_day)
    )
    select p.i, paid.orders, paid.tickets,
      (select count(*) from ${customers} c where c.organization_id = ${organizationId}
        and c.first_order_at >= p.starts and c.first_order_at < p.ends)::int as new_customers,
      -- Each buyer's record once (union), from the copies of its id and first order, or for orders without
      -- them (not copied yet, or no record) from the record found by its unique e-mail index.
      (select count(*) from (
        select o.buyer_customer_id from ${orders} o where ${paidIn} and o.buyer_since < p.starts
        union
        select c.id from ${orders} o
          join ${customers} c on c.organization_id = ${organizationId} and lower(c.email) = lower(o.buyer_email)
          where ${paidIn} and o.buyer_since is null and c.first_order_at < p.starts
      ) buyer)::int as returning_customers,
      (select count(*) from ${checkinLog} g where g.organization_id = ${organizationId} and g.admitted
        and g.direction = 'entry' and g.undone_at is null
        and g.scanned_at >= p.starts and g.scanned_at < p.ends)::int as check_ins
    from period p
    cross join lateral (select count(*)::int as orders, coalesce(sum(o.ticket_count), 0)::int as tickets
      from ${orders} o where ${paidIn}) paid
    order by p.i`)) as unknown as Rows<{
    orders: number;
    tickets: number;
    new_customers: number;
    returning_customers: number;
    check_ins: number;
  }>;
  return result.rows.map((row) => ({
    orders: Number(row.orders),
    ticketsSold: Number(row.tickets),
    newCustomers: Number(row.new_customers),
    returningCustomers: Number(row.returning_customers),
    checkIns: Number(row.check_ins),
  }));
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
        group by 1, 2
        having sum(c.entries) > 0) t on true
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
 * between polls, a change tells live dashboards to read their figures again. Counts (the ledger and the
 * check-in log are append-only, so a count moves with every new row): the ledger's from its roll-up, the
 * others over the organisation's index ranges.
 */
export async function changeSignature(db: Queryable, organizationId: string): Promise<string> {
  // The organisation's ledger rows counted as the roll-up knows them (decision 036): its months' row counts
  // plus the rows after the watermark, both of one snapshot (atWatermark: the watermark is passed as a
  // value, so the rows after it are read by the index on seq). Counting a million rows' index entries
  // cost about 50 ms a poll.
  const [row] = await rollups.atWatermark<{
    seen: string;
    ledger: string;
    paid: string;
    scans: string;
    undone: string;
  }>(
    db,
    (w) => sql`
    select ${rollups.seenWatermark} as seen,
      ((select coalesce(sum(r.entries), 0) from ${ledgerRollups} r
          where r.organization_id = ${organizationId} and r.grain = 'month')
        + (select count(*) from ${ledgerEntries} l
          where l.seq > ${w} and l.organization_id = ${organizationId}))::text as ledger,
      (select count(*) from ${orders} o
        where o.organization_id = ${organizationId} and o.paid_at is not null)::text as paid,
      (select count(*) from ${checkinLog} g where g.organization_id = ${organizationId})::text as scans,
      (select count(*) from ${checkinLog} g
        where g.organization_id = ${organizationId} and g.undone_at is not null)::text as undone`,
  );
  return `${row?.ledger}|${row?.paid}|${row?.scans}|${row?.undone}`;
}
