import { ledgerEntries } from '@guichet/db/schema/ledger';
import { customers, orders, tickets } from '@guichet/db/schema/orders';
import { checkinLog } from '@guichet/db/schema/scan';
import type { PeriodFigures } from '@guichet/shared/dashboard';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import { orgHeaders } from './teams';

/** Calls a dashboard endpoint as `token` in `organizationId`. */
export function dashboardGet(app: App, token: string, organizationId: string, url: string) {
  return app.inject({ method: 'GET', url, headers: orgHeaders(token, organizationId) });
}

/** A UTC day `days` from today. */
export const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const REVENUE_KINDS = new Set([
  'sale',
  'refund',
  'refund_reversal',
  'processor_fee',
  'platform_fee',
  'adjustment',
  'dispute',
]);

/**
 * The figures of the UTC days `from`..`to` recomputed in plain code from the organisation's rows (ledger,
 * orders, tickets, customers, check-in log), without the dashboard's SQL: what the dashboard must equal.
 */
export async function recomputeFigures(
  app: App,
  organizationId: string,
  from: string,
  to: string,
): Promise<PeriodFigures> {
  const db = app.ctx.db;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
  const inside = (at: Date | null) => at !== null && at.getTime() >= start && at.getTime() < end;
  const [ledger, orderRows, ticketRows, customerRows, scans] = await Promise.all([
    db.select().from(ledgerEntries).where(eq(ledgerEntries.organizationId, organizationId)),
    db.select().from(orders).where(eq(orders.organizationId, organizationId)),
    db.select().from(tickets).where(eq(tickets.organizationId, organizationId)),
    db.select().from(customers).where(eq(customers.organizationId, organizationId)),
    db.select().from(checkinLog).where(eq(checkinLog.organizationId, organizationId)),
  ]);
  const money = new Map<
    string,
    { gross: number; net: number; refunds: number; refundCount: number; orders: Set<string> }
  >();
  for (const row of ledger) {
    if (!inside(row.occurredAt)) continue;
    const entry = money.get(row.currency) ?? {
      gross: 0,
      net: 0,
      refunds: 0,
      refundCount: 0,
      orders: new Set(),
    };
    money.set(row.currency, entry);
    if (row.kind === 'sale') {
      entry.gross += row.amountMinor;
      if (row.orderId) entry.orders.add(row.orderId);
    }
    if (REVENUE_KINDS.has(row.kind)) entry.net += row.amountMinor;
    if (row.kind === 'refund' || row.kind === 'refund_reversal') entry.refunds -= row.amountMinor;
    if (row.kind === 'refund') entry.refundCount += 1;
  }
  const paid = orderRows.filter((order) => inside(order.paidAt));
  const paidIds = new Set(paid.map((order) => order.id));
  const firstOrderOf = new Map(customerRows.map((c) => [c.email.toLowerCase(), c]));
  const returning = new Set<string>();
  for (const order of paid) {
    const customer = firstOrderOf.get(order.buyerEmail.toLowerCase());
    if (customer && customer.firstOrderAt.getTime() < start) returning.add(customer.id);
  }
  return {
    from,
    to,
    orders: paid.length,
    ticketsSold: ticketRows.filter((ticket) => paidIds.has(ticket.orderId)).length,
    newCustomers: customerRows.filter((c) => inside(c.firstOrderAt)).length,
    returningCustomers: returning.size,
    checkIns: scans.filter(
      (scan) =>
        scan.admitted && scan.direction === 'entry' && scan.undoneAt === null && inside(scan.scannedAt),
    ).length,
    currencies: [...money]
      .filter(([, m]) => m.gross !== 0 || m.net !== 0 || m.refundCount > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, m]) => ({
        currency,
        grossMinor: m.gross,
        netMinor: m.net,
        refundsMinor: m.refunds,
        refundCount: m.refundCount,
        paidOrders: m.orders.size,
        averageOrderMinor: m.orders.size > 0 ? Math.round(m.gross / m.orders.size) : 0,
      })),
  };
}
