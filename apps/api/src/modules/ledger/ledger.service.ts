import type { Queryable } from '@guichet/db/client';
import type { payments, refunds } from '@guichet/db/schema/payments';
import type { OrderNet } from '@guichet/shared/finances';
import { AppError } from '../../errors';
import * as repository from './ledger.repository';

/**
 * Writes the ledger in the transaction of each money change (the callers pass their `tx`), and checks it.
 * Money is recognised when received: an offline order is a sale once marked paid, a card order once its
 * payment is confirmed, a box-office order at once; free orders and comp tickets write nothing.
 */

type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

const PAYMENT_KIND = {
  offline: 'offline_payment',
  stripe: 'card_payment',
  box_office: 'box_office_payment',
} as const;

/** A payment received: the sale, the money in by its method, and the platform's fee on a card payment. */
export async function recordPaymentReceived(
  db: Queryable,
  payment: PaymentRow,
  eventId: string,
  /** What staff noted of an offline payment (a transfer's reference, a cheque number). */
  staffReference: string | null = null,
) {
  const common = {
    organizationId: payment.organizationId,
    orderId: payment.orderId,
    eventId,
    paymentId: payment.id,
    method: payment.provider,
    currency: payment.currency,
    occurredAt: payment.createdAt,
    recordedBy: payment.createdBy,
    reference: payment.stripePaymentIntentId ?? staffReference,
  };
  await repository.appendEntries(db, [
    { ...common, kind: 'sale', amountMinor: payment.amountMinor },
    { ...common, kind: PAYMENT_KIND[payment.provider], amountMinor: payment.amountMinor },
    ...(payment.applicationFeeMinor > 0
      ? [{ ...common, kind: 'platform_fee' as const, amountMinor: -payment.applicationFeeMinor }]
      : []),
  ]);
}

/**
 * The processor's fee on a card payment, from its balance transaction (read after the payment commits):
 * dated with the payment, so it falls in the same period. Written once per payment, even when nil, so the
 * catch-up knows it is done.
 */
export async function recordProcessorFee(
  db: Queryable,
  payment: PaymentRow,
  eventId: string,
  fee: { feeMinor: number; balanceTransactionId: string },
) {
  if (fee.feeMinor < 0) return;
  await repository.appendEntries(db, [
    {
      organizationId: payment.organizationId,
      orderId: payment.orderId,
      eventId,
      paymentId: payment.id,
      kind: 'processor_fee',
      method: payment.provider,
      amountMinor: -fee.feeMinor,
      currency: payment.currency,
      occurredAt: payment.createdAt,
      reference: fee.balanceTransactionId,
    },
  ]);
}

/** Money going back to the buyer (nothing for a tickets-only refund). */
export async function recordRefund(db: Queryable, refund: RefundRow, eventId: string) {
  if (refund.amountMinor <= 0) return;
  await repository.appendEntries(db, [
    {
      organizationId: refund.organizationId,
      orderId: refund.orderId,
      eventId,
      paymentId: refund.paymentId,
      refundId: refund.id,
      kind: 'refund',
      method: refund.provider,
      amountMinor: -refund.amountMinor,
      currency: refund.currency,
      occurredAt: refund.createdAt,
      recordedBy: refund.createdBy,
      reference: refund.stripeRefundId,
      reason: refund.reason,
    },
  ]);
}

/** A refund the processor refused: its money stayed with the organisation, and may be refunded again. */
export async function recordRefundReversal(
  db: Queryable,
  refund: RefundRow,
  eventId: string,
  message: string,
) {
  if (refund.amountMinor <= 0) return;
  await repository.appendEntries(db, [
    {
      organizationId: refund.organizationId,
      orderId: refund.orderId,
      eventId,
      paymentId: refund.paymentId,
      refundId: refund.id,
      kind: 'refund_reversal',
      method: refund.provider,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      reason: message.slice(0, 500),
    },
  ]);
}

export interface LedgerDrift {
  orderId: string;
  organizationId: string;
  currency: string;
  expectedMinor: number;
  ledgerMinor: number;
}

/**
 * The invariant: per order, the ledger's revenue equals the order's lines minus its refunds. Returns the
 * orders that drift (empty: drift 0), for one organisation or, with null, all of them.
 */
export async function checkLedger(db: Queryable, organizationId: string | null): Promise<LedgerDrift[]> {
  return repository.driftingOrders(db, organizationId);
}

export const orderLedgerEntries = repository.orderEntries;
export const orderVat = repository.orderVat;

/**
 * An order's money from its ledger rows: gross (sales), refunded (net of refused refunds), the fees, and
 * what is left; VAT (included in the gross) as stored when its tickets were sold, less refunds' VAT.
 */
export function netOf(rows: repository.LedgerEntryRow[], currency: string, vatMinor: number): OrderNet {
  const sum = (...kinds: string[]) =>
    rows.filter((row) => kinds.includes(row.kind)).reduce((total, row) => total + row.amountMinor, 0);
  const grossMinor = sum('sale');
  const refundedMinor = -sum('refund', 'refund_reversal');
  const processorFeeMinor = -sum('processor_fee');
  const platformFeeMinor = -sum('platform_fee');
  const adjustmentsMinor = sum('adjustment', 'dispute');
  return {
    currency,
    grossMinor,
    vatMinor,
    processorFeeMinor,
    platformFeeMinor,
    refundedMinor,
    adjustmentsMinor,
    netMinor: grossMinor - refundedMinor - processorFeeMinor - platformFeeMinor + adjustmentsMinor,
  };
}

/** An order's net, for the order detail. */
export async function orderNet(db: Queryable, organizationId: string, orderId: string, currency: string) {
  const [rows, vatMinor] = await Promise.all([
    repository.orderEntries(db, organizationId, orderId),
    repository.orderVat(db, organizationId, orderId),
  ]);
  return netOf(rows, currency, vatMinor);
}

/**
 * One row of reconciliation or a manual adjustment, answered so it can be linked. A manual adjustment
 * dated inside a closed period is refused by the ledger's trigger: 409 `period-closed`.
 */
export async function recordEntry(db: Queryable, row: repository.NewLedgerEntry) {
  try {
    return await repository.insertEntry(db, row);
  } catch (error) {
    if (isPeriodClosed(error)) throw new AppError('period-closed', 'This date is inside a closed period.');
    throw error;
  }
}

/** The closed-period trigger's refusal, as PostgreSQL and PGlite report it (possibly wrapped). */
function isPeriodClosed(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = (current as { cause?: unknown }).cause) {
    if (current.message.includes('period-closed')) return true;
  }
  return false;
}
