import type { Queryable } from '@guichet/db/client';
import type {
  CurrencySummary,
  FinanceFigure,
  FinanceOrder,
  FinancesSummary,
  financesEntriesQuerySchema,
  financesSummaryQuerySchema,
  LedgerEntryPage,
  LedgerKind,
} from '@guichet/shared/finances';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { decodeCursor, encodeCursor } from '../../cursor';
import { AppError } from '../../errors';
import { netOf, orderLedgerEntries, orderVat } from '../ledger/ledger.service';
import * as repository from './finances.repository';

/** The finances area (ALL or FINANCE): a period's figures per currency, the rows behind them, an order's net. */

/** The rows each figure adds up. */
export const FIGURE_KINDS: Record<FinanceFigure, readonly LedgerKind[]> = {
  gross: ['sale'],
  refunds: ['refund', 'refund_reversal'],
  fees: ['processor_fee', 'platform_fee'],
  adjustments: ['adjustment', 'dispute'],
  net: repository.NET_KINDS,
};

const notFound = () => new AppError('not-found', 'No such order or event in this organisation.');

type Amounts = Pick<
  CurrencySummary,
  'grossMinor' | 'refundsMinor' | 'feesMinor' | 'adjustmentsMinor' | 'netMinor'
>;
const zero = (): Amounts => ({
  grossMinor: 0,
  refundsMinor: 0,
  feesMinor: 0,
  adjustmentsMinor: 0,
  netMinor: 0,
});

/** Adds a ledger sum to the figures it belongs to (refunds and fees shown as positive amounts). */
function add(into: Amounts, kind: LedgerKind, amountMinor: number) {
  if (kind === 'sale') into.grossMinor += amountMinor;
  else if (kind === 'refund' || kind === 'refund_reversal') into.refundsMinor -= amountMinor;
  else if (kind === 'processor_fee' || kind === 'platform_fee') into.feesMinor -= amountMinor;
  else if (kind === 'adjustment' || kind === 'dispute') into.adjustmentsMinor += amountMinor;
  else return;
  into.netMinor += amountMinor;
}

/** Day buckets up to two months, weeks up to a year, then months: a chart of 30 to 60 points or fewer. */
export function bucketFor(from: string, to: string): repository.Bucket {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  return days <= 62 ? 'day' : days <= 370 ? 'week' : 'month';
}

/** Every bucket's first day from `from` to `to` (dates as UTC midnights: calendar arithmetic only). */
export function bucketDates(from: string, to: string, bucket: repository.Bucket): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  if (bucket === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (bucket === 'month') start.setUTCDate(1);
  const end = new Date(`${to}T00:00:00Z`);
  const dates: string[] = [];
  for (const day = start; day <= end; ) {
    dates.push(day.toISOString().slice(0, 10));
    if (bucket === 'day') day.setUTCDate(day.getUTCDate() + 1);
    else if (bucket === 'week') day.setUTCDate(day.getUTCDate() + 7);
    else day.setUTCMonth(day.getUTCMonth() + 1);
  }
  return dates;
}

async function checkEvent(db: Queryable, organizationId: string, eventId: string | undefined) {
  if (eventId && !(await repository.eventExists(db, organizationId, eventId))) throw notFound();
}

export async function summary(
  ctx: AppContext,
  organizationId: string,
  query: z.output<typeof financesSummaryQuerySchema>,
): Promise<FinancesSummary> {
  await checkEvent(ctx.db, organizationId, query.eventId);
  const period: repository.Period = { organizationId, ...query, eventId: query.eventId ?? null };
  const bucket = bucketFor(query.from, query.to);
  // By payment date over the whole organisation, the totals come from its own roll-up and the split by
  // event from the events' one; otherwise every row already has its event (decision 036).
  const splitApart = query.basis === 'payment' && !query.eventId;
  const { totals, eventTotals, series } = await repository.periodSummary(ctx.db, period, bucket, splitApart);
  const counts = repository.orderCounts(totals);
  const dates = bucketDates(query.from, query.to, bucket);
  const blocks = new Map<
    string,
    CurrencySummary & { methods: Map<string, Amounts>; events: Map<string, Amounts & { name: string }> }
  >();
  const blockOf = (currency: string) => {
    let block = blocks.get(currency);
    if (!block) {
      block = {
        currency,
        ...zero(),
        processorFeesMinor: 0,
        platformFeesMinor: 0,
        orderCount: counts.get(currency) ?? 0,
        byMethod: [],
        byEvent: [],
        series: dates.map((date) => ({ date, grossMinor: 0, refundsMinor: 0 })),
        methods: new Map(),
        events: new Map(),
      };
      blocks.set(currency, block);
    }
    return block;
  };
  for (const row of totals) {
    if (!FIGURE_KINDS.net.includes(row.kind)) continue;
    const block = blockOf(row.currency);
    add(block, row.kind, row.amountMinor);
    if (row.kind === 'processor_fee') block.processorFeesMinor -= row.amountMinor;
    if (row.kind === 'platform_fee') block.platformFeesMinor -= row.amountMinor;
    if (row.method) {
      const method = block.methods.get(row.method) ?? zero();
      add(method, row.kind, row.amountMinor);
      block.methods.set(row.method, method);
    }
  }
  for (const row of eventTotals ?? totals) {
    if (!FIGURE_KINDS.net.includes(row.kind)) continue;
    const block = blockOf(row.currency);
    if (row.eventId) {
      const event = block.events.get(row.eventId) ?? { ...zero(), name: row.eventName ?? '' };
      add(event, row.kind, row.amountMinor);
      block.events.set(row.eventId, event);
    }
  }
  for (const point of series) {
    const slot = blockOf(point.currency).series.find((entry) => entry.date === point.date);
    if (slot) {
      slot.grossMinor += point.grossMinor;
      slot.refundsMinor += point.refundsMinor;
    }
  }
  const currencies = [...blocks.values()]
    .sort((a, b) => b.grossMinor - a.grossMinor || a.currency.localeCompare(b.currency))
    .map(({ methods, events, ...block }) => ({
      ...block,
      byMethod: [...methods]
        .map(([method, amounts]) => ({ method: method as 'offline' | 'stripe' | 'box_office', ...amounts }))
        .sort((a, b) => b.grossMinor - a.grossMinor || a.method.localeCompare(b.method)),
      byEvent: [...events]
        .map(([eventId, { name, ...amounts }]) => ({ eventId, eventName: name, ...amounts }))
        .sort((a, b) => b.grossMinor - a.grossMinor || a.eventName.localeCompare(b.eventName)),
    }));
  return {
    from: query.from,
    to: query.to,
    tz: query.tz,
    basis: query.basis,
    eventId: query.eventId ?? null,
    bucket,
    // VAT is stored per ticket at sale: its split by rate is GET /finances/vat, for the same period.
    vat: { available: true },
    currencies,
  };
}

export async function entries(
  ctx: AppContext,
  organizationId: string,
  query: z.output<typeof financesEntriesQuerySchema>,
): Promise<LedgerEntryPage> {
  await checkEvent(ctx.db, organizationId, query.eventId);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (after && Number.isNaN(Date.parse(after[0]))) {
    throw new AppError('argument-error', 'The cursor is not one this list gave.');
  }
  const rows = await repository.periodEntries(ctx.db, {
    organizationId,
    from: query.from,
    to: query.to,
    tz: query.tz,
    basis: query.basis,
    eventId: query.eventId ?? null,
    kinds: FIGURE_KINDS[query.figure],
    currency: query.currency ?? null,
    method: query.method ?? null,
    limit: query.limit,
    after,
  });
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.occurredAt, last.id) : null,
  };
}

export async function financeOrder(
  ctx: AppContext,
  organizationId: string,
  orderId: string,
): Promise<FinanceOrder> {
  const [order, rows, vatMinor] = await Promise.all([
    repository.orderWithEvent(ctx.db, organizationId, orderId),
    orderLedgerEntries(ctx.db, organizationId, orderId),
    orderVat(ctx.db, organizationId, orderId),
  ]);
  if (!order) throw notFound();
  return {
    id: order.id,
    code: order.code,
    status: order.status,
    buyerName: order.buyer_name,
    buyerEmail: order.buyer_email,
    paymentMethod: order.payment_method,
    totalMinor: Number(order.total),
    currency: order.currency,
    createdAt: new Date(order.created_at).toISOString(),
    paidAt: order.paid_at ? new Date(order.paid_at).toISOString() : null,
    event: { id: order.event_id, name: order.event_name, startsAt: new Date(order.starts_at).toISOString() },
    net: netOf(rows, order.currency, vatMinor),
    entries: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      method: row.method,
      amountMinor: row.amountMinor,
      currency: row.currency,
      occurredAt: row.occurredAt.toISOString(),
      orderId: row.orderId,
      orderCode: order.code,
      buyerName: order.buyer_name,
      eventId: row.eventId,
      eventName: order.event_name,
      reference: row.reference,
      reason: row.reason,
    })),
  };
}
