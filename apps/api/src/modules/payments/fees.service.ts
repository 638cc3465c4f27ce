import type { payments } from '@guichet/db/schema/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { recordProcessorFee } from '../ledger/ledger.service';
import * as repository from './payments.repository';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Reads a card payment's processor fee from Stripe (its charge's balance transaction) and writes it to the
 * ledger. Called after the payment commits, never inside it (no network call holds a transaction open);
 * when Stripe does not answer, the payments job catches up.
 */
export async function fetchProcessorFee(
  ctx: AppContext,
  payment: PaymentRow,
  eventId: string,
): Promise<boolean> {
  const provider = ctx.payments;
  if (
    !provider ||
    payment.provider !== 'stripe' ||
    !payment.stripePaymentIntentId ||
    !payment.stripeAccountId
  )
    return false;
  const fee = await provider.processingFee(payment.stripeAccountId, payment.stripePaymentIntentId);
  if (!fee) return false;
  await recordProcessorFee(ctx.db, payment, eventId, fee);
  return true;
}

/** The payments job's catch-up: card payments of the last week whose fee is not recorded yet. */
export async function catchUpProcessorFees(
  ctx: AppContext,
  log: FastifyBaseLogger,
  now = new Date(),
  batch = 20,
) {
  if (!ctx.payments) return 0;
  const due = await repository.paymentsWithoutProcessorFee(ctx.db, new Date(now.getTime() - 30_000), batch);
  for (const { payment, eventId } of due) {
    await fetchProcessorFee(ctx, payment, eventId).catch((error: unknown) =>
      log.warn({ err: error, payment: payment.id }, 'processor fee not read'),
    );
  }
  return due.length;
}
