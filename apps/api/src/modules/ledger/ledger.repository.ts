import type { Queryable } from '@guichet/db/client';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { orders, tickets } from '@guichet/db/schema/orders';
import { payments } from '@guichet/db/schema/payments';
import { and, eq, sql } from 'drizzle-orm';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/**
 * Appends rows in one statement, in the caller's transaction. A row already written for the same payment
 * or refund and kind (unique indexes) is skipped: writing the ledger of one change twice adds nothing.
 */
export async function appendEntries(db: Queryable, rows: NewLedgerEntry[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(ledgerEntries).values(rows).onConflictDoNothing();
}

/**
 * The ledger invariant, per order: the revenue rows (sale, refund, refund reversal, adjustment) add up to
 * the order's lines minus what it refunded, where the lines count once the order received money (a payment
 * row or a payment date). Answers only the orders that drift, with both figures; none means drift 0.
 * `organizationId` null checks every organisation (the operator's command).
 */
export async function driftingOrders(db: Queryable, organizationId: string | null) {
  const scope = organizationId ? sql`o.organization_id = ${organizationId}` : sql`true`;
  const result = (await db.execute(sql`
    with lines as (
      select t.order_id, sum(t.price_minor) as total
      from ${tickets} t join ${orders} o on o.id = t.order_id
      where ${scope}
      group by t.order_id
    ), received as (
      select distinct p.order_id from ${payments} p join ${orders} o on o.id = p.order_id where ${scope}
    ), booked as (
      select l.order_id, sum(l.amount_minor) as total
      from ${ledgerEntries} l join ${orders} o on o.id = l.order_id
      where ${scope} and l.kind in ('sale', 'refund', 'refund_reversal', 'adjustment')
      group by l.order_id
    )
    select o.id as order_id, o.organization_id, o.currency,
      (case when o.paid_at is not null or r.order_id is not null then coalesce(lines.total, 0) else 0 end
        - o.refunded_minor)::text as expected_minor,
      coalesce(booked.total, 0)::text as ledger_minor
    from ${orders} o
    left join lines on lines.order_id = o.id
    left join received r on r.order_id = o.id
    left join booked on booked.order_id = o.id
    where ${scope}
      and (case when o.paid_at is not null or r.order_id is not null then coalesce(lines.total, 0) else 0 end
        - o.refunded_minor) <> coalesce(booked.total, 0)
    order by o.id
    limit 1000`)) as unknown as {
    rows: {
      order_id: string;
      organization_id: string;
      currency: string;
      expected_minor: string;
      ledger_minor: string;
    }[];
  };
  return result.rows.map((row) => ({
    orderId: row.order_id,
    organizationId: row.organization_id,
    currency: row.currency,
    expectedMinor: Number(row.expected_minor),
    ledgerMinor: Number(row.ledger_minor),
  }));
}

/** One order's ledger rows, oldest first. */
export async function orderEntries(db: Queryable, organizationId: string, orderId: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.organizationId, organizationId), eq(ledgerEntries.orderId, orderId)))
    .orderBy(ledgerEntries.occurredAt, ledgerEntries.id);
}

/**
 * The VAT an order still carries: what was stored on its tickets when sold, less the VAT of its refunds
 * (a refund the processor refused gave nothing back).
 */
export async function orderVat(db: Queryable, organizationId: string, orderId: string): Promise<number> {
  const result = (await db.execute(sql`
    select (coalesce((select sum(vat_minor) from tickets
        where organization_id = ${organizationId} and order_id = ${orderId}), 0)
      - coalesce((select sum(v.vat_minor) from refund_vat_lines v join refunds r on r.id = v.refund_id
        where v.organization_id = ${organizationId} and v.order_id = ${orderId} and r.status <> 'failed'), 0)
    )::bigint as vat`)) as unknown as { rows: Record<string, unknown>[] };
  return Number((result.rows[0] as { vat?: unknown } | undefined)?.vat ?? 0);
}

/** Appends one row and answers it (reconciliation and manual entries, which link to it). */
export async function insertEntry(db: Queryable, row: NewLedgerEntry): Promise<LedgerEntryRow> {
  const [inserted] = await db.insert(ledgerEntries).values(row).returning();
  if (!inserted) throw new Error('ledger row not written');
  return inserted;
}
