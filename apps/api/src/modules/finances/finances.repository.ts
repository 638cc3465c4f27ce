import type { Queryable } from '@guichet/db/client';
import { events } from '@guichet/db/schema/events';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { orders } from '@guichet/db/schema/orders';
import type { FinanceBasis, LedgerKind } from '@guichet/shared/finances';
import { type SQL, sql } from 'drizzle-orm';
import * as rollups from '../ledger/rollup.repository';

// Every statement filters on the organisation; periods are whole days in the caller's time zone.

export interface Period {
  organizationId: string;
  /** First and last day (inclusive), YYYY-MM-DD, in `tz`. */
  from: string;
  to: string;
  tz: string;
  basis: FinanceBasis;
  eventId: string | null;
}

export type Bucket = 'day' | 'week' | 'month';

/** The kinds of ledger rows the summary's figures add up (its net); payments and payouts are not shown. */
export const NET_KINDS: readonly LedgerKind[] = [
  'sale',
  'refund',
  'refund_reversal',
  'processor_fee',
  'platform_fee',
  'adjustment',
  'dispute',
];
/** The kinds of the summary's chart: sales and refunds. */
const SERIES_KINDS: readonly LedgerKind[] = ['sale', 'refund', 'refund_reversal'];

/** The instant the period puts a row at: when the money moved, or when its event starts. */
const instantOf = (basis: FinanceBasis) => (basis === 'event' ? sql`e.starts_at` : sql`l.occurred_at`);

/** The WHERE of a period: the organisation, the instants within the days, the event if one is chosen. */
function periodWhere(p: Period): SQL {
  const at = instantOf(p.basis);
  return sql`l.organization_id = ${p.organizationId}
    and ${at} >= (${p.from}::date)::timestamp at time zone ${p.tz}
    and ${at} < (${p.to}::date + 1)::timestamp at time zone ${p.tz}
    ${p.eventId ? sql`and l.event_id = ${p.eventId}` : sql``}`;
}

/** The join that the event basis needs (and that gives event names). */
const eventJoin = (p: Period) =>
  p.basis === 'event'
    ? sql`join ${events} e on e.id = l.event_id and e.organization_id = l.organization_id`
    : sql`left join ${events} e on e.id = l.event_id and e.organization_id = l.organization_id`;

interface Rows<T> {
  rows: T[];
}

/** The period's first instant and the one after its end: midnights in the time zone. */
const periodStart = (p: Period) => sql`(${p.from}::date)::timestamp at time zone ${p.tz}`;
const periodEnd = (p: Period) => sql`(${p.to}::date + 1)::timestamp at time zone ${p.tz}`;

/**
 * By event date: the money of the events starting in the period, all of it, as `covered` rows (decision
 * 036), labelled with the chart's bucket of the event's start when `bucket` is given.
 */
function coveredByEventDate(p: Period, w: number, bucket?: Bucket): SQL {
  const label = bucket
    ? sql`to_char(date_trunc(${bucket}, e.starts_at at time zone ${p.tz}), 'YYYY-MM-DD')`
    : sql`''`;
  return rollups.coveredByEventStart(
    { organizationId: p.organizationId, lo: periodStart(p), hi: periodEnd(p), eventId: p.eventId, label },
    w,
  );
}

/**
 * The spans of the chart's buckets, clipped to the period. The buckets are numbered rather than a series
 * of timestamps, so the planner knows how many there are (with a thousand guessed, it compiled the
 * statement to machine code, which took longer than running it).
 */
function bucketSpans(p: Period, bucket: Bucket): SQL {
  const step = sql`${`1 ${bucket}`}::interval`;
  return sql`select to_char(b, 'YYYY-MM-DD') as label,
      greatest(${periodStart(p)}, b at time zone ${p.tz}) as lo,
      least(${periodEnd(p)}, (b + ${step}) at time zone ${p.tz}) as hi
    from generate_series(0, ${bucketCount(p.from, p.to, bucket)}::int) i
    cross join lateral (select date_trunc(${bucket}, ${p.from}::date::timestamp) + i * ${step} as b) b
    where b <= ${p.to}::date::timestamp`;
}

/**
 * By payment date, the summary's parts as `covered` rows of one set of WITH clauses (decision 036, third
 * pass): `totals` (the period, from the organisation's roll-up, or the events' one for one event's
 * figures), `series` (the chart's buckets, sales and refunds only) and, with `eventSplit`, `events` (the
 * period from the events' roll-up, without the method, which the split does not show).
 */
function coveredByPayment(p: Period, w: number, bucket: Bucket, eventSplit: boolean): SQL {
  const period = sql`select ''::text as label, ${periodStart(p)} as lo, ${periodEnd(p)} as hi`;
  const byEvent = p.eventId !== null;
  const parts: rollups.SummaryPart[] = [
    { name: 'totals', spans: period, byEvent, kinds: NET_KINDS, byMethod: true, coarsest: 'year' },
    {
      name: 'series',
      spans: bucketSpans(p, bucket),
      byEvent,
      kinds: SERIES_KINDS,
      byMethod: false,
      // A day's or a week's bucket never covers half a month.
      coarsest: bucket === 'month' ? 'month' : 'day',
    },
  ];
  if (eventSplit) {
    parts.push({
      name: 'events',
      spans: period,
      byEvent: true,
      kinds: NET_KINDS,
      byMethod: false,
      coarsest: 'year',
    });
  }
  return rollups.coveredParts(
    { organizationId: p.organizationId, eventId: p.eventId, parts, ordersPart: 'totals' },
    w,
  );
}

/** At least how many buckets from the one of `from` to the one of `to`, less one. */
function bucketCount(from: string, to: string, bucket: Bucket): number {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  return bucket === 'day' ? days : bucket === 'week' ? Math.floor(days / 7) + 1 : Math.floor(days / 28) + 1;
}

type Method = 'offline' | 'stripe' | 'box_office' | null;

interface TotalsRow {
  currency: string;
  kind: LedgerKind;
  method: Method;
  event_id: string | null;
  event_name: string | null;
  amount: string;
  sale_orders: string;
  repeats: string;
}

interface SeriesRow {
  currency: string;
  date: string;
  gross: string;
  refunds: string;
}

/**
 * The sums of `covered` rows (of `part` only, when given) per currency, kind, method and event, each with
 * its orders with a sale, and `repeats`: per currency, how many of those counted an order twice (see
 * `orderCounts`), from `corrections` when `withRepeats`. The split by event gives none (its order counts
 * are not read): its `corrections` are then never referenced, so PostgreSQL neither plans nor runs them.
 */
const totalsFrom = (p: Period, part: string | null, withRepeats: boolean) => sql`
  select c.currency, c.kind, c.method, c.event_id, e.name as event_name,
    sum(c.amount_minor)::text as amount,
    coalesce(sum(c.order_entries) filter (where c.kind = 'sale'), 0)::text as sale_orders,
    ${
      withRepeats
        ? sql`(select coalesce(sum(x.extra), 0) from corrections x where x.currency = c.currency)::text`
        : sql`'0'`
    } as repeats
  from covered c left join ${events} e on e.id = c.event_id and e.organization_id = ${p.organizationId}
  ${part ? sql`where c.part = ${part}` : sql``}
  group by c.currency, c.kind, c.method, c.event_id, e.name
  having sum(c.entries) > 0`;

/** Sales and refunds per bucket (its first day, in `tz`) and currency, of `covered` rows (of `part`). */
const seriesFrom = (part: string | null) => sql`
  select c.currency, c.label as date,
    coalesce(sum(c.amount_minor) filter (where c.kind = 'sale'), 0)::text as gross,
    coalesce(-sum(c.amount_minor) filter (where c.kind in ('refund', 'refund_reversal')), 0)::text as refunds
  from covered c
  where c.kind in ('sale', 'refund', 'refund_reversal') ${part ? sql`and c.part = ${part}` : sql``}
  group by 1, 2
  having sum(c.entries) > 0`;

/** The rows of a read as one JSON array, a column of the statement's single row. */
const asJson = (read: SQL) => sql`(select coalesce(json_agg(t), '[]'::json) from (${read}) t)`;

/** pg parses json columns; a driver that answers their text is read the same. */
const parsed = <T>(value: T[] | string): T[] => (typeof value === 'string' ? JSON.parse(value) : value);

const totalsOf = (rows: TotalsRow[]) =>
  rows.map((row) => ({
    currency: row.currency,
    kind: row.kind,
    method: row.method,
    eventId: row.event_id,
    eventName: row.event_name,
    amountMinor: Number(row.amount),
    saleOrders: Number(row.sale_orders),
    repeats: Number(row.repeats),
  }));

const seriesOf = (rows: SeriesRow[]) =>
  rows.map((row) => ({
    currency: row.currency,
    date: row.date,
    grossMinor: Number(row.gross),
    refundsMinor: Number(row.refunds),
  }));

export type PeriodTotals = ReturnType<typeof totalsOf>;

/**
 * Everything the summary reads, in ONE statement (one round trip, one snapshot): the period's totals (with
 * `byEvent` false the rows carry no event, unless the period is one event's or by event date, where every
 * row has its event), with `eventSplit` the same by event from the events' roll-up (`null` without), and the
 * chart's series. It was three statements sent at once on three connections of the pool, each planned and
 * answered apart; a year's summary is a few hundred rows, sent back as three JSON arrays. By payment date
 * the three reads share one set of WITH clauses (`coveredByPayment`); by event date each has its own.
 */
export async function periodSummary(db: Queryable, p: Period, bucket: Bucket, eventSplit: boolean) {
  const [row] = await rollups.atWatermark<{
    seen: string;
    totals: TotalsRow[] | string;
    event_totals: TotalsRow[] | string | null;
    series: SeriesRow[] | string;
  }>(db, (w) =>
    p.basis === 'payment'
      ? sql`${coveredByPayment(p, w, bucket, eventSplit)}
        select ${rollups.seenWatermark} as seen,
          ${asJson(totalsFrom(p, 'totals', true))} as totals,
          ${eventSplit ? asJson(totalsFrom(p, 'events', false)) : sql`null::json`} as event_totals,
          ${asJson(seriesFrom('series'))} as series`
      : sql`select ${rollups.seenWatermark} as seen,
          ${asJson(sql`${coveredByEventDate(p, w)} ${totalsFrom(p, null, true)}`)} as totals,
          ${eventSplit ? asJson(sql`${coveredByEventDate(p, w)} ${totalsFrom(p, null, false)}`) : sql`null::json`}
            as event_totals,
          ${asJson(sql`${coveredByEventDate(p, w, bucket)} ${seriesFrom(null)}`)} as series`,
  );
  if (!row) throw new Error('the summary statement answers one row');
  return {
    totals: totalsOf(parsed(row.totals)),
    eventTotals: row.event_totals === null ? null : totalsOf(parsed(row.event_totals)),
    series: seriesOf(parsed(row.series)),
  };
}

/** Orders with a sale in the period, per currency, from the period's totals (without the split by event). */
export function orderCounts(totals: PeriodTotals): Map<string, number> {
  const counts = new Map<string, number>();
  const repeats = new Map<string, number>();
  for (const row of totals) {
    if (row.kind !== 'sale') continue;
    counts.set(row.currency, (counts.get(row.currency) ?? 0) + row.saleOrders);
    repeats.set(row.currency, row.repeats);
  }
  for (const [currency, repeated] of repeats) counts.set(currency, (counts.get(currency) ?? 0) - repeated);
  return counts;
}

export interface EntryFilter extends Period {
  kinds: readonly LedgerKind[];
  currency: string | null;
  method: 'offline' | 'stripe' | 'box_office' | null;
  limit: number;
  /** The last row shown: its instant (ISO) and id. */
  after: [string, string] | null;
}

/** The rows behind a figure, newest first, a page at a time (keyset on the instant and the id). */
export async function periodEntries(db: Queryable, f: EntryFilter) {
  const kinds = sql.join(
    f.kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select l.id, l.kind, l.method, l.amount_minor::text as amount, l.currency, l.occurred_at, l.order_id,
      o.code as order_code, o.buyer_name, l.event_id, e.name as event_name, l.reference, l.reason
    from ${ledgerEntries} l ${eventJoin(f)}
    left join ${orders} o on o.id = l.order_id and o.organization_id = l.organization_id
    where ${periodWhere(f)} and l.kind in (${kinds})
      ${f.currency ? sql`and l.currency = ${f.currency}` : sql``}
      ${f.method ? sql`and l.method = ${f.method}` : sql``}
      ${f.after ? sql`and (l.occurred_at, l.id) < (${f.after[0]}::timestamptz, ${f.after[1]}::uuid)` : sql``}
    order by l.occurred_at desc, l.id desc
    limit ${f.limit + 1}`)) as unknown as Rows<{
    id: string;
    kind: LedgerKind;
    method: 'offline' | 'stripe' | 'box_office' | null;
    amount: string;
    currency: string;
    occurred_at: string | Date;
    order_id: string | null;
    order_code: string | null;
    buyer_name: string | null;
    event_id: string | null;
    event_name: string | null;
    reference: string | null;
    reason: string | null;
  }>;
  return result.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    method: row.method,
    amountMinor: Number(row.amount),
    currency: row.currency,
    occurredAt: new Date(row.occurred_at).toISOString(),
    orderId: row.order_id,
    orderCode: row.order_code,
    buyerName: row.buyer_name,
    eventId: row.event_id,
    eventName: row.event_name,
    reference: row.reference,
    reason: row.reason,
  }));
}

/** An order with its event, for the finances' order view. */
export async function orderWithEvent(db: Queryable, organizationId: string, orderId: string) {
  const result = (await db.execute(sql`
    select o.id, o.code, o.status, o.buyer_name, o.buyer_email, o.payment_method, o.total_minor::text as total,
      o.currency, o.created_at, o.paid_at, e.id as event_id, e.name as event_name, e.starts_at
    from ${orders} o join ${events} e on e.id = o.event_id and e.organization_id = o.organization_id
    where o.organization_id = ${organizationId} and o.id = ${orderId}`)) as unknown as Rows<{
    id: string;
    code: string;
    status: string;
    buyer_name: string;
    buyer_email: string;
    payment_method: string;
    total: string;
    currency: string;
    created_at: string | Date;
    paid_at: string | Date | null;
    event_id: string;
    event_name: string;
    starts_at: string | Date;
  }>;
  return result.rows[0];
}

/** Whether the event is the organisation's. */
export async function eventExists(db: Queryable, organizationId: string, eventId: string) {
  const result = (await db.execute(
    sql`select 1 as one from ${events} where organization_id = ${organizationId} and id = ${eventId}`,
  )) as unknown as Rows<{ one: number }>;
  return result.rows.length > 0;
}
