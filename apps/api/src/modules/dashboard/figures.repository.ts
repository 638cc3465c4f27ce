import type { Queryable } from '@guichet/db/client';
import { dashboardChanges, dashboardPaidRollups } from '@guichet/db/schema/dashboard';
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

/** Periods of days (in `tz`) whose money is read, each under its own label. */
interface MoneyRead {
  organizationId: string;
  tz: string;
  periods: { from: string; to: string }[];
  /** A chart, if wanted: the sales of its days per hour or day. */
  chart?: { from: string; to: string; bucket: 'hour' | 'day' };
  /** Also each period's activity (activityFigures), in the same statement: one snapshot for every figure. */
  activity?: boolean;
}

/** A period's label in `covered`: never a chart bucket's (those are local dates and hours). */
const periodLabel = (index: number) => `period ${index}`;

/**
 * The spans of a money read (decision 036): each period whole, labelled `period <i>`, and the buckets of
 * the chart, labelled with their local date or hour. One `covered` serves them all: one
 * statement, one snapshot, one watermark.
 */
function moneySpans(read: MoneyRead): SQL {
  const tz = read.tz;
  const lo = (day: string) => sql`(${day}::date)::timestamp at time zone ${tz}`;
  const hi = (day: string) => sql`(${day}::date + 1)::timestamp at time zone ${tz}`;
  const spans = read.periods.map(
    (period, index) =>
      sql`select ${periodLabel(index)}::text as label, ${lo(period.from)} as lo, ${hi(period.to)} as hi`,
  );
  const charted = read.chart;
  if (charted) {
    const format = charted.bucket === 'hour' ? 'YYYY-MM-DD"T"HH24:00' : 'YYYY-MM-DD';
    // Numbered buckets: the planner knows how many (see finances.repository's coveredPeriod). Hours are
    // real hours from the first midnight, labelled with their local hour: the hour a clock goes back twice
    // comes twice under one label, as the raw rows' local hour groups them; days are local midnights.
    const days = Math.round((Date.parse(charted.to) - Date.parse(charted.from)) / 86_400_000) + 1;
    spans.push(
      charted.bucket === 'hour'
        ? sql`select to_char(date_trunc('hour', s.lo at time zone ${tz}), ${format}) as label, s.lo,
            least(s.lo + interval '1 hour', ${hi(charted.to)}) as hi
          from generate_series(0, ${days * 24}::int) i
          cross join lateral (select ${lo(charted.from)} + i * interval '1 hour' as lo) s
          where s.lo < ${hi(charted.to)}`
        : sql`select to_char(b, ${format}) as label, b at time zone ${tz} as lo,
            (b + interval '1 day') at time zone ${tz} as hi
          from generate_series(0, ${days - 1}::int) i
          cross join lateral (select ${charted.from}::date::timestamp + i * interval '1 day' as b) b`,
    );
  }
  return sql.join(spans, sql` union all `);
}

export interface Money {
  currency: string;
  grossMinor: number;
  netMinor: number;
  refundsMinor: number;
  refundCount: number;
  paidOrders: number;
}

export interface SalesPoint {
  at: string;
  currency: string;
  grossMinor: number;
  orders: number;
}

/**
 * Money per period and currency from the ledger (sales, net as the finances page counts it, refunds, paid
 * orders) and the chart's sales per hour or day, in one statement: the dashboard reads its period,
 * the previous one and the chart together (three statements before, each planning and covering its spans),
 * and with `activity` each period's activity too (activityFigures' clauses), in the same snapshot.
 */
export async function moneyFigures(
  db: Queryable,
  read: MoneyRead,
): Promise<{ periods: Money[][]; series: SalesPoint[]; activity: Activity[] }> {
  const [row] = await rollups.atWatermark<{
    seen: string;
    money: {
      label: string;
      currency: string;
      gross: string;
      net: string;
      refunds: string;
      refund_count: string;
      paid_orders: string;
    }[];
    series: { at: string; currency: string; gross: string; orders: string }[];
    activity: ActivityRow[] | null;
  }>(
    db,
    (w) => sql`${rollups.coveredByTime(
      {
        organizationId: read.organizationId,
        spans: moneySpans(read),
        scope: { kind: 'organization' },
      },
      w,
    )},
    money as (
      select c.label, c.currency,
        coalesce(sum(c.amount_minor) filter (where c.kind = 'sale'), 0)::text as gross,
        coalesce(sum(c.amount_minor) filter (where c.kind in ('sale', 'refund', 'refund_reversal',
          'processor_fee', 'platform_fee', 'adjustment', 'dispute')), 0)::text as net,
        coalesce(-sum(c.amount_minor) filter (where c.kind in ('refund', 'refund_reversal')), 0)::text as refunds,
        coalesce(sum(c.entries) filter (where c.kind = 'refund'), 0)::text as refund_count,
        (coalesce(sum(c.order_entries) filter (where c.kind = 'sale'), 0)
          - coalesce((select sum(x.extra) from corrections x
              where x.label = c.label and x.currency = c.currency), 0))::text as paid_orders
      from covered c
      where c.label like 'period %'
      group by c.label, c.currency
      having sum(c.entries) > 0),
    series as (
      select c.label as at, c.currency, sum(c.amount_minor)::text as gross,
        (sum(c.order_entries) - coalesce(max(x.extra), 0))::text as orders
      from covered c left join corrections x on x.label = c.label and x.currency = c.currency
      where c.kind = 'sale' and c.label not like 'period %'
      group by 1, 2
      having sum(c.entries) > 0)${
        read.activity ? sql`, ${activityClauses(read.organizationId, read.tz, read.periods)}` : sql``
      }
    select ${rollups.seenWatermark} as seen,
      (select coalesce(json_agg(m order by m.label, m.currency), '[]') from money m) as money,
      (select coalesce(json_agg(s order by s.at, s.currency), '[]') from series s) as series,
      ${read.activity ? sql`(select json_agg(a order by a.i) from activity a)` : sql`null::json`} as activity`,
  );
  const money = row?.money ?? [];
  return {
    periods: read.periods.map((_, index) =>
      money
        .filter((entry) => entry.label === periodLabel(index))
        .map((entry) => ({
          currency: entry.currency,
          grossMinor: Number(entry.gross),
          netMinor: Number(entry.net),
          refundsMinor: Number(entry.refunds),
          refundCount: Number(entry.refund_count),
          paidOrders: Number(entry.paid_orders),
        }))
        .filter((entry) => entry.grossMinor !== 0 || entry.netMinor !== 0 || entry.refundCount > 0),
    ),
    series: (row?.series ?? []).map((point) => ({
      at: point.at,
      currency: point.currency,
      grossMinor: Number(point.gross),
      orders: Number(point.orders),
    })),
    activity: (row?.activity ?? []).map(activityOf),
  };
}

/** Money per currency of one period (moneyFigures' statement, this period alone). */
export async function ledgerFigures(db: Queryable, d: Days): Promise<Money[]> {
  const { periods } = await moneyFigures(db, { organizationId: d.organizationId, tz: d.tz, periods: [d] });
  return periods[0] ?? [];
}

/** Sales per hour or day (in the time zone) and currency (moneyFigures' statement, the chart alone). */
export async function salesSeries(db: Queryable, d: Days, bucket: 'hour' | 'day'): Promise<SalesPoint[]> {
  const { series } = await moneyFigures(db, {
    organizationId: d.organizationId,
    tz: d.tz,
    periods: [],
    chart: { from: d.from, to: d.to, bucket },
  });
  return series;
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
 * Orders and tickets come from the tally of paid orders per UTC day and hour (`dashboard_paid_rollups`,
 * decision 041's second pass), through the ledger roll-up's signed cover of each period (whole days, hours
 * at the edges, and in half-hour zones the paid orders of the partial hours, tallied ones only, since
 * the tally holds only those), plus the paid orders not tallied yet from their own partial index: a few
 * dozen rows instead of every paid order's index entry. Returning customers still read the period's paid
 * orders, one index-only range of `orders_organization_paid_idx` (decision 041): it carries each order's
 * copy of its buyer's record's id and first order (`buyer_customer_id`, `buyer_since`, made by the leader's
 * job; null until then, or when no record matches, and then looked up here).
 */
export async function activityFigures(
  db: Queryable,
  organizationId: string,
  tz: string,
  periods: { from: string; to: string }[],
): Promise<Activity[]> {
  const result = (await db.execute(
    sql`with ${activityClauses(organizationId, tz, periods)} select * from activity order by i`,
  )) as unknown as Rows<ActivityRow>;
  return result.rows.map(activityOf);
}

/** A row of `activity`, as the statement or its JSON answers it. */
interface ActivityRow {
  orders: number | string;
  tickets: number | string;
  new_customers: number | string;
  returning_customers: number | string;
  check_ins: number | string;
}

function activityOf(row: ActivityRow): Activity {
  return {
    orders: Number(row.orders),
    ticketsSold: Number(row.tickets),
    newCustomers: Number(row.new_customers),
    returningCustomers: Number(row.returning_customers),
    checkIns: Number(row.check_ins),
  };
}

/**
 * The WITH clauses whose `activity` answers each period's row (`i`, its index in `periods`): named apart
 * from the money's clauses, so that moneyFigures reads both in one statement.
 */
function activityClauses(organizationId: string, tz: string, periods: { from: string; to: string }[]): SQL {
  const values = sql.join(
    periods.map((period, index) => sql`(${index}::int, ${period.from}::date, ${period.to}::date)`),
    sql`, `,
  );
  // Each figure reads its own index range. No shared CTE: the planner estimates the orders without a
  // copy from the column's statistics (a handful), not as a share of a CTE's guessed rows, which priced
  // their look-ups past the JIT threshold (compiling cost 100+ ms for a few ms of work). (Writing each
  // period's bounds into a block of its own, as constants, gave the planner the ranges' true sizes but cost
  // more than it saved: 14–15.8 ms of backend CPU for both periods against 10.8–13.5 ms, same minutes.)
  const paidIn = sql`o.organization_id = ${organizationId} and o.paid_at >= p.starts and o.paid_at < p.ends`;
  return sql`activity_period as (
      select v.i, (v.first_day)::timestamp at time zone ${tz} as starts,
        (v.last_day + 1)::timestamp at time zone ${tz} as ends
      from (values ${values}) as v(i, first_day, last_day)
    ),
    -- Each period's pieces of the tally (its UTC days and hours, and raw edges in half-hour zones).
    activity_pieces as materialized (
      select p.i, c.grain, c.range_lo, c.range_hi, c.sign
      from activity_period p cross join lateral ledger_rollup_signed_cover(p.starts, p.ends, array['day', 'hour']) c
    ),
    activity as (
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
    from activity_period p
    cross join lateral (
      select coalesce(sum(x.orders), 0)::int as orders, coalesce(sum(x.tickets), 0)::int as tickets from (
        -- The tally's days and hours (each range read by index, kept apart by OFFSET 0 as the ledger's)...
        select c.sign * r.orders as orders, c.sign * r.tickets as tickets
        from activity_pieces c cross join lateral (
          select r.orders, r.tickets from ${dashboardPaidRollups} r
          where r.organization_id = ${organizationId} and r.grain = c.grain
            and r.starts_at >= c.range_lo and r.starts_at < c.range_hi
          offset 0) r
        where c.i = p.i and c.grain <> 'raw'
        union all
        -- ...the tallied orders of the partial hours no unit covers (half-hour zones)...
        select c.sign * t.orders, c.sign * t.tickets
        from activity_pieces c cross join lateral (
          select count(*) as orders, coalesce(sum(o.ticket_count), 0) as tickets from ${orders} o
          where o.organization_id = ${organizationId} and o.paid_at >= c.range_lo and o.paid_at < c.range_hi
            and o.paid_tallied) t
        where c.i = p.i and c.grain = 'raw'
        union all
        -- ...and the paid orders not tallied yet.
        select count(*), coalesce(sum(o.ticket_count), 0) from ${orders} o
        where ${paidIn} and o.paid_at is not null and not o.paid_tallied
      ) x) paid)`;
}

/**
 * What changes when money moves, an order is paid or someone is admitted (or an admission undone): compared
 * between polls, a change tells live dashboards to read their figures again. The ledger is append-only, so
 * its row count moves with every new row: counted from its roll-up. Paid orders, scans and undone scans are
 * counted by the database as they are written (`dashboard_changes`, from triggers in the writing
 * transaction): a poll sums a few counter rows instead of the organisation's 250,000 paid orders' index
 * entries (70–140 ms a poll) and every scan it ever logged.
 */
export async function changeSignature(db: Queryable, organizationId: string): Promise<string> {
  // The organisation's ledger rows counted as the roll-up knows them (decision 036): its months' row counts
  // plus the rows after the watermark, both of one snapshot (atWatermark: the watermark is passed as a
  // value, so the rows after it are read by the index on seq). Counting a million rows' index entries
  // cost about 50 ms a poll.
  const [row] = await rollups.atWatermark<{ seen: string; ledger: string; changes: string }>(
    db,
    (w) => sql`
    select ${rollups.seenWatermark} as seen,
      ((select coalesce(sum(r.entries), 0) from ${ledgerRollups} r
          where r.organization_id = ${organizationId} and r.grain = 'month')
        + (select count(*) from ${ledgerEntries} l
          where l.seq > ${w} and l.organization_id = ${organizationId}))::text as ledger,
      (select coalesce(sum(c.changes), 0) from ${dashboardChanges} c
        where c.organization_id = ${organizationId})::text as changes`,
  );
  return `${row?.ledger}|${row?.changes}`;
}
