import type { Queryable } from '@guichet/db/client';
import type { OrderNet } from '@guichet/shared/finances';
import type { Payment, Refund } from '@guichet/shared/payments';
import { orderNet, recordPaymentReceived } from '../ledger/ledger.service';
import * as repository from './orders.repository';

/** An order's payments, refunds and net as the back office shows them (the order detail). */
export async function orderMoney(
  db: Queryable,
  organizationId: string,
  orderId: string,
  currency: string,
): Promise<{ payments: Payment[]; refunds: Refund[]; net: OrderNet }> {
  const [payments, refunds, net] = await Promise.all([
    repository.orderPayments(db, organizationId, orderId),
    repository.orderRefunds(db, organizationId, orderId),
    orderNet(db, organizationId, orderId, currency),
  ]);
  return {
    net,
    payments: payments.map((row) => ({
      id: row.id,
      provider: row.provider,
      amountMinor: row.amountMinor,
      applicationFeeMinor: row.applicationFeeMinor,
      currency: row.currency,
      reference: row.stripePaymentIntentId,
      createdAt: row.createdAt.toISOString(),
    })),
    refunds: refunds.map(({ refund, actorName }) => ({
      id: refund.id,
      provider: refund.provider,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      status: refund.status,
      ticketIds: refund.ticketIds,
      reason: refund.reason,
      reference: refund.stripeRefundId,
      actorName,
      createdAt: refund.createdAt.toISOString(),
    })),
  };
}

/**
 * Records money staff took for an order (offline marked paid, box office) and its ledger rows, in the
 * caller's transaction.
 */
export async function recordStaffPayment(
  db: Queryable,
  values: {
    organizationId: string;
    orderId: string;
    eventId: string;
    provider: 'offline' | 'box_office';
    amountMinor: number;
    currency: string;
    actor: string;
    reference?: string | null | undefined;
  },
) {
  if (values.amountMinor <= 0) return;
  const payment = await repository.insertPayment(db, {
    organizationId: values.organizationId,
    orderId: values.orderId,
    provider: values.provider,
    amountMinor: values.amountMinor,
    currency: values.currency,
    createdBy: values.actor,
  });
  if (payment) await recordPaymentReceived(db, payment, values.eventId, values.reference ?? null);
}
