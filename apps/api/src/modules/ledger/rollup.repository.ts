import type { Database, Queryable } from '@guichet/db/client';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import {
  ledgerEventRollups,
  ledgerRepeatSaleOrders,
  ledgerRollupState,
  ledgerRollups,
} from '@guichet/db/schema/ledger-rollups';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The ledger roll-up (decision 036): hourly, daily and monthly totals folded from the ledger rows inserted
 * since the watermark, by one process at a time, off the paths that write money.
 *
 * The watermark is safe against transactions that commit out of order: before folding, the fold takes a
 * SHARE lock on the ledger, which waits until every transaction that inserted ledger rows has ended (an
 * INSERT holds ROW EXCLUSIVE until its transaction ends), reads the highest insertion number then, and lets
 * go at once. Every number up to it belongs to a transaction that has committed or rolled back, and any
 * later insert gets a higher number: folding up to it never skips a row that commits later.
 */

interface Rows<T> {
  rows: T[];
}

/** How long the fold waits for in-flight ledger writers before giving up until its next run. */
const LOCK_TIMEOUT_MS = 2_000;
/** Rows folded per transaction: the backfill of a large ledger commits step by step. */
const FOLD_BATCH = 100_000;

/** The highest insertion number whose transaction has ended, every lower one too (see above). */
async function settledSeq(db: Database, lockTimeoutMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = ${Math.round(lockTimeoutMs)}`));
    await tx.execute(sql`lock table ${ledgerEntries} in share mode`);
    const result = (await tx.execute(
      sql`select coalesce(max(seq), 0)::text as seq from ${ledgerEntries}`,
    )) as unknown as Rows<{ seq: string }>;
    return Number(result.rows[0]?.seq ?? 0);
  });
}

/** The sums a batch adds to a roll-up table, added to what it holds. */
const addOnConflict = (table: typeof ledgerRollups | typeof ledgerEventRollups) => sql`
  do update set amount_minor = ${table}.amount_minor + excluded.amount_minor,
    entries = ${table}.entries + excluded.entries,
    order_entries = ${table}.order_entries + excluded.order_entries`;

/** Folds the rows numbered (watermark, upTo] at most `batch` of them; answers the new watermark. */
async function foldBatch(db: Database, upTo: number, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    const state = (await tx.execute(
      sql`select folded_seq::text as seq from ${ledgerRollupState} where id = 1 for update`,
    )) as unknown as Rows<{ seq: string }>;
    const from = Number(state.rows[0]?.seq ?? 0);
    const to = Math.min(upTo, from + batch);
    if (to <= from) return from;
    await tx.execute(sql`
      insert into ${ledgerRollups} (organization_id, grain, starts_at, currency, kind, method, amount_minor,
        entries, order_entries)
      select l.organization_id, g.grain, date_trunc(g.grain, l.occurred_at, 'UTC'), l.currency, l.kind,
        coalesce(l.method, ''), sum(l.amount_minor), count(*), count(l.order_id)
      from ${ledgerEntries} l cross join (values ('hour'), ('day'), ('month'), ('year')) g(grain)
      where l.seq > ${from} and l.seq <= ${to}
      group by 1, 2, 3, 4, 5, 6
      on conflict (organization_id, grain, starts_at, currency, kind, method) ${addOnConflict(ledgerRollups)}`);
    await tx.execute(sql`
      insert into ${ledgerEventRollups} (organization_id, event_id, grain, starts_at, currency, kind, method,
        amount_minor, entries, order_entries)
      select l.organization_id, l.event_id, g.grain, date_trunc(g.grain, l.occurred_at, 'UTC'), l.currency,
        l.kind, coalesce(l.method, ''), sum(l.amount_minor), count(*), count(l.order_id)
      from ${ledgerEntries} l cross join (values ('day'), ('month'), ('year')) g(grain)
      where l.seq > ${from} and l.seq <= ${to} and l.event_id is not null
      group by 1, 2, 3, 4, 5, 6, 7
      on conflict (organization_id, event_id, grain, starts_at, currency, kind, method)
        ${addOnConflict(ledgerEventRollups)}`);
    // An order paid twice has two sale rows: reads count its orders raw (a distinct count is not a sum).
    await tx.execute(sql`
      insert into ${ledgerRepeatSaleOrders} (organization_id, order_id)
      select distinct l.organization_id, l.order_id from ${ledgerEntries} l
      where l.seq > ${from} and l.seq <= ${to} and l.kind = 'sale' and l.order_id is not null
        and exists (select 1 from ${ledgerEntries} other
          where other.organization_id = l.organization_id and other.order_id = l.order_id
            and other.kind = 'sale' and other.id <> l.id and other.seq <= ${to})
      on conflict do nothing`);
    await tx.execute(sql`update ${ledgerRollupState} set folded_seq = ${to}, folded_at = now() where id = 1`);
    return to;
  });
}

/**
 * Folds every settled ledger row not folded yet, a batch per transaction; answers how many insertion
 * numbers it moved the watermark by. Run by the leader's job (`rollup.job.ts`), and by tests.
 */
export async function foldLedger(
  db: Database,
  { batch = FOLD_BATCH, lockTimeoutMs = LOCK_TIMEOUT_MS } = {},
): Promise<number> {
  const upTo = await settledSeq(db, lockTimeoutMs);
  const start = await readWatermark(db);
  let folded = start;
  while (folded < upTo) folded = await foldBatch(db, upTo, batch);
  return folded - start;
}

/** The watermark: rows numbered up to it are in the roll-ups. */
export async function readWatermark(db: Queryable): Promise<number> {
  const result = (await db.execute(
    sql`select folded_seq::text as seq from ${ledgerRollupState} where id = 1`,
  )) as unknown as Rows<{ seq: string }>;
  return Number(result.rows[0]?.seq ?? 0);
}

// ---------------------------------------------------------------------------------------------------------
// Reading: totals of spans of time, from the roll-ups up to the watermark and the raw rows after it.

/** Which roll-up a read uses: the organisation's (by currency, kind, method) or the events' (also by event). */
export type RollupScope = { kind: 'organization' } | { kind: 'events'; eventId: string | null };

/**
 * A read over spans [lo, hi) labelled `label` (a whole period, or each bucket of a chart). `spans` is a
 * SELECT of (label text, lo timestamptz, hi timestamptz). Rows come out as `covered`: label, currency,
 * kind, method, event_id, amount_minor, entries, order_entries, summed over the roll-ups' units of each
 * span, the raw rows of its edges no unit covers, and the raw rows after the watermark. A unit that juts
 * out of a span comes with its outside part negated (`ledger_rollup_signed_cover`): a group of `covered`
 * whose `entries` add up to 0 has no row in the span, and reads leave it out (`having sum(entries) > 0`),
 * as they would have found none.
 */
export interface CoveredRead {
  organizationId: string;
  spans: SQL;
  scope: RollupScope;
}

/**
 * The roll-up rows of piece `p`, each piece's range read by index. The events' roll-up holds a row per event,
 * day or month and kind: a year's split by event is thousands of them (6,720 on the bench's organisation),
 * so they are added up per event, currency, kind and method as the range is read (a few hundred rows leave
 * the piece) rather than carried through the union, the join to the events and the final grouping: 28 ms
 * of the summary's 30 under load, 5 ms after (EXPLAIN ANALYZE, decision 036). The organisation's roll-up
 * has a few rows per unit and is read as it is.
 */
function rollupPiece(read: CoveredRead): SQL {
  const range = sql`r.organization_id = ${read.organizationId} and r.grain = p.grain
    and r.starts_at >= p.range_lo and r.starts_at < p.range_hi`;
  if (read.scope.kind === 'organization') {
    return sql`select r.currency::text as currency, r.kind, nullif(r.method, '') as method,
        null::uuid as event_id, r.amount_minor, r.entries, r.order_entries
      from ${ledgerRollups} r where ${range} offset 0`;
  }
  const eventId = read.scope.eventId;
  return sql`select r.currency::text as currency, r.kind, nullif(r.method, '') as method, r.event_id,
      sum(r.amount_minor)::bigint as amount_minor, sum(r.entries)::bigint as entries,
      sum(r.order_entries)::bigint as order_entries
    from ${ledgerEventRollups} r where ${range} ${eventId ? sql`and r.event_id = ${eventId}` : sql``}
    group by r.currency, r.kind, r.method, r.event_id offset 0`;
}

/** The WITH clauses that make `covered` (see CoveredRead) at watermark `w`. */
export function coveredByTime(read: CoveredRead, w: number): SQL {
  const org = read.organizationId;
  const byEvent = read.scope.kind === 'events';
  const eventId = read.scope.kind === 'events' ? read.scope.eventId : null;
  const grains = byEvent ? sql`array['month', 'day']` : sql`array['month', 'day', 'hour']`;
  const rawEvent = eventId
    ? sql`and l.event_id = ${eventId}`
    : byEvent
      ? sql`and l.event_id is not null`
      : sql``;
  // The organisation's roll-up has no event: its raw rows leave theirs out too, so that a roll-up unit and
  // the raw rows subtracted from it (a half-hour zone's edge) are one group and net out, not two groups of
  // which the negative one would be read as "no row" and dropped.
  const rawEventId = byEvent ? sql`l.event_id` : sql`null::uuid`;
  return sql`with spans as (${read.spans}),
    -- Each piece reads its range of the roll-up by index (the lateral subqueries, kept apart from the
    -- join by OFFSET 0): the planner cannot see the ranges, and would scan the whole roll-up.
    pieces as materialized (
      select s.label, c.grain, c.range_lo, c.range_hi, c.sign
      from spans s cross join lateral ledger_rollup_signed_cover(s.lo, s.hi, ${grains}) c),
    covered as (
      select p.label, r.currency, r.kind, r.method, r.event_id, p.sign * r.amount_minor as amount_minor,
        p.sign * r.entries as entries, p.sign * r.order_entries as order_entries
      from pieces p cross join lateral (
        ${rollupPiece(read)}) r
      where p.grain <> 'raw'
      union all
      select p.label, l.currency, l.kind, l.method, l.event_id, p.sign * l.amount_minor, p.sign * l.entries,
        p.sign * l.order_entries
      from pieces p cross join lateral (
        select l.currency::text, l.kind, l.method, ${rawEventId} as event_id, l.amount_minor, 1::bigint as entries,
          (l.order_id is not null)::int::bigint as order_entries
        from ${ledgerEntries} l
        where l.organization_id = ${org} and l.occurred_at >= p.range_lo and l.occurred_at < p.range_hi
          and l.seq <= ${w} ${rawEvent}
        offset 0) l
      where p.grain = 'raw'
      union all
      select s.label, l.currency::text, l.kind, l.method, ${rawEventId}, l.amount_minor, 1::bigint,
        (l.order_id is not null)::int::bigint
      from ${ledgerEntries} l join spans s on l.occurred_at >= s.lo and l.occurred_at < s.hi
      where l.organization_id = ${org} and l.seq > ${w} ${rawEvent}),
    corrections as materialized (
      select s.label, l.currency::text as currency,
        (count(l.order_id) - count(distinct l.order_id))::bigint as extra
      from spans s join ${ledgerEntries} l on l.organization_id = ${org} and l.kind = 'sale'
        and l.occurred_at >= s.lo and l.occurred_at < s.hi ${rawEvent}
        and l.order_id in (${repeatSaleOrders(org, w)})
      group by 1, 2)`;
}

/**
 * The "by event date" read: the money of the events that start in [lo, hi), whatever its date: every
 * year of the events' roll-up (a sum of its months) and the raw rows after the watermark. `label` is an SQL expression of the
 * event `e` (the chart's bucket, or '').
 */
export function coveredByEventStart(
  read: { organizationId: string; lo: SQL; hi: SQL; eventId: string | null; label: SQL },
  w: number,
): SQL {
  const org = read.organizationId;
  const events = sql`select e.id, e.name, ${read.label} as label from events e
    where e.organization_id = ${org} and e.starts_at >= ${read.lo} and e.starts_at < ${read.hi}
      ${read.eventId ? sql`and e.id = ${read.eventId}` : sql``}`;
  return sql`with chosen as materialized (${events}),
    covered as (
      select c.label, r.*
      from chosen c cross join lateral (
        select r.currency::text as currency, r.kind, nullif(r.method, '') as method, r.event_id,
          r.amount_minor, r.entries, r.order_entries
        from ${ledgerEventRollups} r
        where r.organization_id = ${org} and r.event_id = c.id and r.grain = 'year'
        offset 0) r
      union all
      select c.label, l.currency::text, l.kind, l.method, l.event_id, l.amount_minor, 1::bigint,
        (l.order_id is not null)::int::bigint
      from ${ledgerEntries} l join chosen c on c.id = l.event_id
      where l.organization_id = ${org} and l.seq > ${w}),
    corrections as materialized (
      select c.label, l.currency::text as currency,
        (count(l.order_id) - count(distinct l.order_id))::bigint as extra
      from chosen c join ${ledgerEntries} l on l.organization_id = ${org} and l.event_id = c.id
        and l.kind = 'sale' and l.order_id in (${repeatSaleOrders(org, w)})
      group by 1, 2)`;
}

/**
 * (Both reads also make `corrections`: per label and currency, how many sale rows of the same order the
 * read counts more than once, to subtract from `order_entries` where a figure counts distinct orders.)
 *
 * The orders of the sale rows that the roll-ups may count twice: orders with two folded sale rows, and
 * orders with a sale row after the watermark (their other one may be folded). Their sale rows are counted
 * raw where a read needs distinct orders.
 */
function repeatSaleOrders(organizationId: string, w: number): SQL {
  return sql`select o.order_id from ${ledgerRepeatSaleOrders} o where o.organization_id = ${organizationId}
    union
    select l.order_id from ${ledgerEntries} l
    where l.organization_id = ${organizationId} and l.seq > ${w} and l.kind = 'sale' and l.order_id is not null`;
}

const watermarks = new WeakMap<object, number>();

/**
 * Runs a read built for watermark `w`, with the watermark its own snapshot saw as `seen` on every row
 * (the statement must answer at least one row). A fold that commits between learning the watermark and
 * running the statement makes them differ: the statement is run again with the one it saw, so the
 * roll-ups and the raw rows after the watermark always come from the same snapshot.
 */
export async function atWatermark<T extends { seen: string | number }>(
  db: Queryable,
  statement: (w: number) => SQL,
): Promise<T[]> {
  let w = watermarks.get(db) ?? (await readWatermark(db));
  for (;;) {
    const result = (await db.execute(statement(w))) as unknown as Rows<T>;
    const seen = Number(result.rows[0]?.seen ?? Number.NaN);
    if (seen === w) {
      watermarks.set(db, w);
      return result.rows;
    }
    if (Number.isNaN(seen)) throw new Error('a roll-up read must answer at least one row');
    w = seen;
  }
}

/** The `seen` of atWatermark, and the row that every read answers even when it finds nothing. */
export const seenWatermark = sql`(select folded_seq from ${ledgerRollupState} where id = 1)::text`;

// ---------------------------------------------------------------------------------------------------------
// The finances summary's read (decision 036, third pass).

/**
 * One part of a summary's read: its spans (a SELECT of label text, lo and hi timestamptz, as in CoveredRead),
 * the roll-up it reads (the organisation's, or the events' with each row's event), the ledger kinds it
 * shows, and whether it keeps the method. A kind the summary does not show (payments, payouts) is not read:
 * in the organisation's roll-up, whose key holds the kind, its rows are skipped in the index.
 */
export interface SummaryPart {
  name: string;
  spans: SQL;
  byEvent: boolean;
  kinds: readonly string[];
  byMethod: boolean;
  /**
   * The coarsest unit its spans may read: a span reads a unit only when it covers more than half of it, and
   * each grain above that is one more call of the cover function per span for nothing (a week's bucket
   * never reads a month, a month's never a year).
   */
  coarsest: 'year' | 'month' | 'day';
}

/**
 * The WITH clauses that make `covered` for every part at once, at watermark `w`: the same pieces, signs and
 * raw rows as coveredByTime (see CoveredRead), each row with its `part`, and `corrections` (as there) for
 * the part named `ordersPart`. One statement read the summary's totals, split by event and chart as three
 * such clauses: parsing and planning them cost more CPU than running them (some 4 of 8 ms a summary), and
 * one set of clauses with a column per part costs about a third of that.
 *
 * Units are years, months, days and hours of the organisation's roll-up, or years, months and days of the
 * events' one, from each part's coarsest. With `eventId`, every part must be `byEvent` and reads that event
 * only.
 */
/** The units a part reads, coarsest first: the events' roll-up has no hours. */
function grainsOf(part: SummaryPart): SQL {
  const all = ['year', 'month', 'day', ...(part.byEvent ? [] : ['hour'])];
  const grains = all.slice(all.indexOf(part.coarsest));
  return sql.raw(`array[${grains.map((grain) => `'${grain}'`).join(', ')}]::text[]`);
}

export function coveredParts(
  read: { organizationId: string; eventId: string | null; parts: readonly SummaryPart[]; ordersPart: string },
  w: number,
): SQL {
  const org = read.organizationId;
  if (read.eventId && read.parts.some((part) => !part.byEvent)) {
    throw new Error("one event's read takes every part from the events' roll-up");
  }
  const spans = sql.join(
    read.parts.map(
      (part) => sql`select s.label, s.lo, s.hi, ${part.name}::text as part,
        array[${sql.join(
          part.kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )}]::text[] as kinds, ${part.byEvent}::boolean as by_event, ${part.byMethod}::boolean as by_method,
        ${grainsOf(part)} as grains
      from (${part.spans}) s`,
    ),
    sql` union all `,
  );
  const oneEvent = read.eventId ? sql`and l.event_id = ${read.eventId}` : sql``;
  return sql`with spans as materialized (${spans}),
    -- Each piece reads its range of a roll-up by index (lateral subqueries kept apart by OFFSET 0, as in
    -- coveredByTime).
    pieces as materialized (
      select s.part, s.label, s.kinds, s.by_event, s.by_method, c.grain, c.range_lo, c.range_hi, c.sign
      from spans s cross join lateral ledger_rollup_signed_cover(s.lo, s.hi, s.grains) c),
    covered as (
      select p.part, p.label, r.currency, r.kind, r.method, null::uuid as event_id,
        p.sign * r.amount_minor as amount_minor, p.sign * r.entries as entries,
        p.sign * r.order_entries as order_entries
      from pieces p cross join lateral (
        select r.currency::text as currency, r.kind, nullif(r.method, '') as method, r.amount_minor, r.entries,
          r.order_entries
        from ${ledgerRollups} r
        where r.organization_id = ${org} and r.grain = p.grain and r.starts_at >= p.range_lo
          and r.starts_at < p.range_hi and r.kind = any(p.kinds)
        offset 0) r
      where p.grain <> 'raw' and not p.by_event
      union all
      -- The events' pieces add their rows up per event as they read them (see rollupPiece).
      select p.part, p.label, r.currency, r.kind, r.method, r.event_id, p.sign * r.amount_minor,
        p.sign * r.entries, p.sign * r.order_entries
      from pieces p cross join lateral (
        select r.currency::text as currency, r.kind, case when p.by_method then nullif(r.method, '') end as method,
          r.event_id, sum(r.amount_minor)::bigint as amount_minor, sum(r.entries)::bigint as entries,
          sum(r.order_entries)::bigint as order_entries
        from ${ledgerEventRollups} r
        where r.organization_id = ${org} and r.grain = p.grain and r.starts_at >= p.range_lo
          and r.starts_at < p.range_hi and r.kind = any(p.kinds)
          ${read.eventId ? sql`and r.event_id = ${read.eventId}` : sql``}
        group by 1, 2, 3, 4 offset 0) r
      where p.grain <> 'raw' and p.by_event
      union all
      -- Raw rows of the edges; as in coveredByTime, the organisation's parts give them no event.
      select p.part, p.label, l.currency, l.kind, l.method, l.event_id, p.sign * l.amount_minor,
        p.sign::bigint, p.sign * l.order_entries
      from pieces p cross join lateral (
        select l.currency::text as currency, l.kind, case when p.by_method then l.method end as method,
          case when p.by_event then l.event_id end as event_id, l.amount_minor,
          (l.order_id is not null)::int::bigint as order_entries
        from ${ledgerEntries} l
        where l.organization_id = ${org} and l.occurred_at >= p.range_lo and l.occurred_at < p.range_hi
          and l.seq <= ${w} and l.kind = any(p.kinds) and (l.event_id is not null or not p.by_event) ${oneEvent}
        offset 0) l
      where p.grain = 'raw'
      union all
      select s.part, s.label, l.currency::text, l.kind, case when s.by_method then l.method end,
        case when s.by_event then l.event_id end, l.amount_minor, 1::bigint, (l.order_id is not null)::int::bigint
      from ${ledgerEntries} l join spans s on l.occurred_at >= s.lo and l.occurred_at < s.hi
        and l.kind = any(s.kinds) and (l.event_id is not null or not s.by_event)
      where l.organization_id = ${org} and l.seq > ${w} ${oneEvent}),
    corrections as materialized (
      select s.label, l.currency::text as currency,
        (count(l.order_id) - count(distinct l.order_id))::bigint as extra
      from spans s join ${ledgerEntries} l on l.organization_id = ${org} and l.kind = 'sale'
        and l.occurred_at >= s.lo and l.occurred_at < s.hi and (l.event_id is not null or not s.by_event)
        ${oneEvent} and l.order_id in (${repeatSaleOrders(org, w)})
      where s.part = ${read.ordersPart}
      group by 1, 2)`;
}
