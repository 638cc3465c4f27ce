import type { Queryable } from '@guichet/db/client';
import { organizationVatSettings } from '@guichet/db/schema/vat';
import { eq, sql } from 'drizzle-orm';

/** VAT settings, the VAT report, the cash-up and the orders' money: the accountant's reads. */

export interface Period {
  organizationId: string;
  /** First and last day (inclusive), YYYY-MM-DD, in `tz`. */
  from: string;
  to: string;
  tz: string;
  eventId?: string | undefined;
}

const within = (
  column: ReturnType<typeof sql>,
  p: Period,
) => sql`${column} >= (${p.from}::date)::timestamp at time zone ${p.tz}
    and ${column} < (${p.to}::date + 1)::timestamp at time zone ${p.tz}`;

export async function findVatSettings(db: Queryable, organizationId: string) {
  const [row] = await db
    .select()
    .from(organizationVatSettings)
    .where(eq(organizationVatSettings.organizationId, organizationId));
  return row;
}

export async function saveVatSettings(db: Queryable, values: typeof organizationVatSettings.$inferInsert) {
  const [row] = await db
    .insert(organizationVatSettings)
    .values(values)
    .onConflictDoUpdate({
      target: organizationVatSettings.organizationId,
      set: {
        registered: values.registered,
        vatNumber: values.vatNumber,
        ratesBp: values.ratesBp,
        defaultRateBp: values.defaultRateBp,
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('VAT settings not stored');
  return row;
}

export interface VatRow {
  currency: string;
  rateBp: number;
  salesGrossMinor: number;
  salesVatMinor: number;
  refundsGrossMinor: number;
  refundsVatMinor: number;
}

/**
 * VAT by rate and currency for a period: sales at the date the order was paid (the VAT stored on its
 * tickets), refunds at the date they were made (their VAT lines; a refund the processor refused left
 * nothing). A refund is counted in its own period, whenever the sale was.
 */
export async function vatByRate(db: Queryable, p: Period): Promise<VatRow[]> {
  const result = (await db.execute(sql`
    with sales as (
      select t.currency, t.vat_rate_bp as rate_bp, sum(t.price_minor) as gross, sum(t.vat_minor) as vat
      from tickets t
      join orders o on o.id = t.order_id
      where o.organization_id = ${p.organizationId} and t.organization_id = ${p.organizationId}
        and o.paid_at is not null and t.price_minor > 0
        and ${within(sql`o.paid_at`, p)}
        ${p.eventId ? sql`and o.event_id = ${p.eventId}` : sql``}
      group by t.currency, t.vat_rate_bp
    ), refunded as (
      select r.currency, v.rate_bp, sum(v.gross_minor) as gross, sum(v.vat_minor) as vat
      from refund_vat_lines v
      join refunds r on r.id = v.refund_id
      join orders o on o.id = v.order_id
      where v.organization_id = ${p.organizationId} and r.status <> 'failed'
        and ${within(sql`v.occurred_at`, p)}
        ${p.eventId ? sql`and o.event_id = ${p.eventId}` : sql``}
      group by r.currency, v.rate_bp
    )
    select coalesce(s.currency, f.currency) as currency, coalesce(s.rate_bp, f.rate_bp) as rate_bp,
      coalesce(s.gross, 0)::bigint as sales_gross, coalesce(s.vat, 0)::bigint as sales_vat,
      coalesce(f.gross, 0)::bigint as refunds_gross, coalesce(f.vat, 0)::bigint as refunds_vat
    from sales s full join refunded f on f.currency = s.currency and f.rate_bp = s.rate_bp
    order by 1, 2`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    currency: String(row.currency),
    rateBp: Number(row.rate_bp),
    salesGrossMinor: Number(row.sales_gross),
    salesVatMinor: Number(row.sales_vat),
    refundsGrossMinor: Number(row.refunds_gross),
    refundsVatMinor: Number(row.refunds_vat),
  }));
}

export interface CashUpRow {
  eventId: string;
  eventName: string;
  staffId: string | null;
  staffName: string | null;
  channel: 'offline' | 'box_office';
  method: string | null;
  currency: string;
  count: number;
  amountMinor: number;
}

/**
 * What staff took in a period (offline orders marked paid, box office and door sales), per event, staff
 * member, channel and method: the payments they recorded, by the date they recorded them.
 */
export async function cashUp(db: Queryable, p: Period): Promise<CashUpRow[]> {
  const result = (await db.execute(sql`
    select o.event_id, e.name as event_name, p.created_by as staff_id, s.display_name as staff_name,
      p.provider as channel, p.method, p.currency, count(*)::int as count, sum(p.amount_minor)::bigint as amount
    from payments p
    join orders o on o.id = p.order_id
    join events e on e.id = o.event_id
    left join staff s on s.id = p.created_by
    where p.organization_id = ${p.organizationId} and p.provider in ('offline', 'box_office')
      and ${within(sql`p.created_at`, p)}
      ${p.eventId ? sql`and o.event_id = ${p.eventId}` : sql``}
    group by o.event_id, e.name, e.starts_at, p.created_by, s.display_name, p.provider, p.method, p.currency
    order by e.starts_at, e.name, s.display_name nulls last, p.provider, p.method nulls last, p.currency`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows.map((row) => ({
    eventId: String(row.event_id),
    eventName: String(row.event_name),
    staffId: row.staff_id === null ? null : String(row.staff_id),
    staffName: row.staff_name === null ? null : String(row.staff_name),
    channel: row.channel === 'offline' ? 'offline' : 'box_office',
    method: row.method === null ? null : String(row.method),
    currency: String(row.currency),
    count: Number(row.count),
    amountMinor: Number(row.amount),
  }));
}

export interface OrderMoneyRow {
  code: string;
  paidAt: string;
  eventName: string;
  buyerName: string;
  buyerEmail: string;
  paymentMethod: string;
  currency: string;
  grossMinor: number;
  vatMinor: number;
  processorFeeMinor: number;
  platformFeeMinor: number;
  refundedMinor: number;
  adjustmentsMinor: number;
}

/**
 * The orders paid in a period with their money: gross, VAT (stored at sale, less refunds' VAT), fees,
 * refunded and adjustments, all read from the ledger and the stored VAT.
 */
export async function ordersMoney(db: Queryable, p: Period, limit: number): Promise<OrderMoneyRow[]> {
  const result = (await db.execute(sql`
    select o.code, to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as paid_at, e.name as event_name, o.buyer_name, o.buyer_email, o.payment_method,
      o.currency,
      coalesce(l.gross, 0)::bigint as gross, coalesce(l.processor_fee, 0)::bigint as processor_fee,
      coalesce(l.platform_fee, 0)::bigint as platform_fee, coalesce(l.refunded, 0)::bigint as refunded,
      coalesce(l.adjustments, 0)::bigint as adjustments,
      (coalesce((select sum(t.vat_minor) from tickets t
          where t.organization_id = o.organization_id and t.order_id = o.id), 0)
        - coalesce((select sum(v.vat_minor) from refund_vat_lines v join refunds r on r.id = v.refund_id
          where v.organization_id = o.organization_id and v.order_id = o.id and r.status <> 'failed'), 0)
      )::bigint as vat
    from orders o
    join events e on e.id = o.event_id
    left join lateral (
      select sum(amount_minor) filter (where kind = 'sale') as gross,
        -sum(amount_minor) filter (where kind = 'processor_fee') as processor_fee,
        -sum(amount_minor) filter (where kind = 'platform_fee') as platform_fee,
        -sum(amount_minor) filter (where kind in ('refund', 'refund_reversal')) as refunded,
        sum(amount_minor) filter (where kind in ('adjustment', 'dispute')) as adjustments
      from ledger_entries
      where organization_id = o.organization_id and order_id = o.id
    ) l on true
    where o.organization_id = ${p.organizationId} and o.paid_at is not null and o.total_minor > 0
      and ${within(sql`o.paid_at`, p)}
      ${p.eventId ? sql`and o.event_id = ${p.eventId}` : sql``}
    order by o.paid_at, o.id
    limit ${limit + 1}`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    code: String(row.code),
    paidAt: String(row.paid_at),
    eventName: String(row.event_name),
    buyerName: String(row.buyer_name),
    buyerEmail: String(row.buyer_email),
    paymentMethod: String(row.payment_method),
    currency: String(row.currency),
    grossMinor: Number(row.gross),
    vatMinor: Number(row.vat),
    processorFeeMinor: Number(row.processor_fee),
    platformFeeMinor: Number(row.platform_fee),
    refundedMinor: Number(row.refunded),
    adjustmentsMinor: Number(row.adjustments),
  }));
}
