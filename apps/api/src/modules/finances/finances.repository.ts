import type { Queryable } from '@guichet/db/client';
import { events } from '@guichet/db/schema/events';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { orders } from '@guichet/db/schema/orders';
import type { FinanceBasis, LedgerKind } from '@guichet/shared/finances';
import { type SQL, sql } from 'drizzle-orm';

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

/** Sums per currency, kind, method and event: a few hundred rows at most, folded by the service. */
export async function periodTotals(db: Queryable, p: Period) {
  const result = (await db.execute(sql`
    select l.currency, l.kind, l.method, l.event_id, e.name as event_name,
      sum(l.amount_minor)::text as amount
    from ${ledgerEntries} l ${eventJoin(p)}
    where ${periodWhere(p)}
    group by l.currency, l.kind, l.method, l.event_id, e.name`)) as unknown as Rows<{
    currency: string;
    kind: LedgerKind;
    method: 'offline' | 'stripe' | 'box_office' | null;
    event_id: string | null;
    event_name: string | null;
    amount: string;
  }>;
  return result.rows.map((row) => ({
    currency: row.currency,
    kind: row.kind,
    method: row.method,
    eventId: row.event_id,
    eventName: row.event_name,
    amountMinor: Number(row.amount),
  }));
}

/** Orders with a sale in the period, per currency. */
export async function periodOrderCounts(db: Queryable, p: Period) {
  const result = (await db.execute(sql`
    select l.currency, count(distinct l.order_id)::int as orders
    from ${ledgerEntries} l ${eventJoin(p)}
    where ${periodWhere(p)} and l.kind = 'sale'
    group by l.currency`)) as unknown as Rows<{ currency: string; orders: number }>;
  return new Map(result.rows.map((row) => [row.currency, Number(row.orders)]));
}

/** Sales and refunds per bucket (its first day, in `tz`) and currency. */
export async function periodSeries(db: Queryable, p: Period, bucket: Bucket) {
  const at = instantOf(p.basis);
  const result = (await db.execute(sql`
    select l.currency,
      to_char(date_trunc(${bucket}, ${at} at time zone ${p.tz}), 'YYYY-MM-DD') as date,
      coalesce(sum(l.amount_minor) filter (where l.kind = 'sale'), 0)::text as gross,
      coalesce(-sum(l.amount_minor) filter (where l.kind in ('refund', 'refund_reversal')), 0)::text as refunds
    from ${ledgerEntries} l ${eventJoin(p)}
    where ${periodWhere(p)} and l.kind in ('sale', 'refund', 'refund_reversal')
    group by 1, 2`)) as unknown as Rows<{ currency: string; date: string; gross: string; refunds: string }>;
  return result.rows.map((row) => ({
    currency: row.currency,
    date: row.date,
    grossMinor: Number(row.gross),
    refundsMinor: Number(row.refunds),
  }));
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
