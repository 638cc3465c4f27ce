import type { Queryable } from '@guichet/db/client';
import type { DoorPaymentMethod } from '@guichet/shared/door';
import type { Payment, Refund } from '@guichet/shared/payments';
import * as repository from './orders.repository';

/** An order's payments and refunds as the back office shows them (the order detail). */
export async function orderMoney(
  db: Queryable,
  organizationId: string,
  orderId: string,
): Promise<{ payments: Payment[]; refunds: Refund[] }> {
  const [payments, refunds] = await Promise.all([
    repository.orderPayments(db, organizationId, orderId),
    repository.orderRefunds(db, organizationId, orderId),
  ]);
  return {
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

/** Records money staff took for an order (offline marked paid, box office), in the caller's transaction. */
export async function recordStaffPayment(
  db: Queryable,
  values: {
    organizationId: string;
    orderId: string;
    provider: 'offline' | 'box_office';
    amountMinor: number;
    currency: string;
    actor: string;
    /** How it was paid, when staff said (cash, card...). */
    method?: DoorPaymentMethod | null;
  },
) {
  if (values.amountMinor <= 0) return;
  await repository.insertPayment(db, {
    organizationId: values.organizationId,
    orderId: values.orderId,
    provider: values.provider,
    amountMinor: values.amountMinor,
    currency: values.currency,
    createdBy: values.actor,
    method: values.method ?? null,
  });
}
