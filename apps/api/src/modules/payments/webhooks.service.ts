import type { Database } from '@guichet/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { figuresTopic } from '../../live/live-bus';
import type { ProviderEvent } from '../../payment-provider';
import { recordAudit } from '../audit/audit.service';
import { customerCreatedData, emitWebhookEvent, orderEventData } from '../integrations/webhook-events';
import { recordPaymentReceived, recordRefund } from '../ledger/ledger.service';
import { releaseCapacity, takeCapacity } from '../orders/capacity.repository';
import { queueOrderMail } from '../orders/order-notify';
import * as orders from '../orders/orders.repository';
import { payoutFromEvent, syncPayout } from '../payouts/payouts.service';
import { providerOf, storeAccountState } from './accounts.service';
import { fetchProcessorFee } from './fees.service';
import * as repository from './payments.repository';
import { queueRefundMail, submitStripeRefund } from './refunds.service';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Thrown inside a savepoint to undo a partial capacity take. */
class PlacesGone extends Error {}

/**
 * Stripe's webhook: the signature is checked against the raw body with the signing secret (400 when it
 * does not verify), then each event is processed once: its id is claimed in the transaction that applies
 * it, so a redelivery, even a concurrent one, changes nothing.
 */
export async function handleStripeWebhook(
  ctx: AppContext,
  log: FastifyBaseLogger,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  const provider = providerOf(ctx);
  let event: ProviderEvent;
  try {
    event = provider.verifyEvent(rawBody, signature ?? '');
  } catch {
    throw new AppError('invalid-webhook-signature', 'The webhook signature does not verify.');
  }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionPaid(ctx, log, event);
    case 'checkout.session.expired':
      return sessionExpired(ctx, event);
    case 'account.updated':
      return accountUpdated(ctx, event);
    case 'payout.created':
    case 'payout.updated':
    case 'payout.paid':
    case 'payout.failed':
    case 'payout.canceled':
      return payoutChanged(ctx, log, event);
    default:
      // Not one we act on; claimed so the log of processed events is complete.
      await repository.claimEvent(ctx.db, event);
  }
}

async function accountUpdated(ctx: AppContext, event: ProviderEvent) {
  const object = event.object;
  const account = await repository.accountByStripeId(ctx.db, String(object.id ?? event.account ?? ''));
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.claimEvent(tx, event)) || !account) return;
    await storeAccountState(tx, account.organizationId, {
      id: account.stripeAccountId,
      detailsSubmitted: object.details_submitted === true,
      chargesEnabled: object.charges_enabled === true,
      payoutsEnabled: object.payouts_enabled === true,
    });
  });
}

/**
 * A payout of a connected account moved: synced with its balance transactions once paid (decision 031).
 * The event is claimed in the sync's transaction; a payout of an account we do not know is only claimed.
 */
async function payoutChanged(ctx: AppContext, log: FastifyBaseLogger, event: ProviderEvent) {
  const account = await repository.accountByStripeId(ctx.db, event.account ?? '');
  const payout = payoutFromEvent(event.object);
  if (!account || !payout) {
    if (!payout) log.warn({ event: event.id }, 'payout event without a payout');
    await repository.claimEvent(ctx.db, event);
    return;
  }
  await syncPayout(ctx, account.organizationId, account.stripeAccountId, payout, (tx) =>
    repository.claimEvent(tx, event),
  );
}

async function sessionExpired(ctx: AppContext, event: ProviderEvent) {
  const session = await repository.sessionById(ctx.db, String(event.object.id ?? ''));
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.claimEvent(tx, event)) || !session || session.status !== 'open') return;
    await repository.setSessionStatus(tx, session.organizationId, session.id, 'expired');
  });
}

/** Takes the places of an expired reservation again, all or nothing (a savepoint undoes a partial take). */
async function retake(tx: Transaction, organizationId: string, orderId: string): Promise<boolean> {
  const places = await repository.orderedPlaces(tx, organizationId, orderId);
  try {
    await tx.transaction(async (savepoint) => {
      const taken = await takeCapacity(savepoint, organizationId, places, 'sold');
      if (!taken.taken) throw new PlacesGone();
    });
    return true;
  } catch (error) {
    if (error instanceof PlacesGone) return false;
    throw error;
  }
}

/**
 * A Checkout Session was paid. A reservation still live becomes paid (held → sold). One that expired is
 * honoured if its places can still be taken with the same guarded UPDATE, otherwise the payment is
 * refunded in full at once and the order stays expired with the refund recorded (decision 009). A payment
 * for an order that cannot be paid any more (cancelled, or already paid) is refunded in full too.
 */
async function sessionPaid(ctx: AppContext, log: FastifyBaseLogger, event: ProviderEvent) {
  const object = event.object;
  const session = await repository.sessionById(ctx.db, String(object.id ?? ''));
  const paymentIntentId = typeof object.payment_intent === 'string' ? object.payment_intent : null;
  if (
    !session ||
    object.payment_status !== 'paid' ||
    !paymentIntentId ||
    event.account !== session.stripeAccountId
  ) {
    // Not ours, or not paid yet (delayed methods send `async_payment_succeeded` later).
    if (!session) log.warn({ event: event.id }, 'checkout session not found');
    await repository.claimEvent(ctx.db, event);
    return;
  }
  const organizationId = session.organizationId;
  const amountMinor = Number(object.amount_total ?? 0);
  let recorded: { payment: orders.PaymentRow; eventId: string } | null = null;
  const refund = await ctx.db.transaction(async (tx) => {
    if (!(await repository.claimEvent(tx, event))) return null;
    const order = await orders.lockOrder(tx, organizationId, session.orderId);
    if (!order) return null;
    await repository.setSessionStatus(tx, organizationId, session.id, 'complete');
    const payment = await orders.insertPayment(tx, {
      organizationId,
      orderId: order.id,
      provider: 'stripe',
      amountMinor,
      applicationFeeMinor: session.applicationFeeMinor,
      currency: String(object.currency ?? order.currency).toUpperCase(),
      stripePaymentIntentId: paymentIntentId,
      stripeCheckoutSessionId: session.id,
      stripeAccountId: session.stripeAccountId,
    });
    // The same payment already recorded through another event: nothing more to do.
    if (!payment) return null;
    await recordPaymentReceived(tx, payment, order.eventId);
    recorded = { payment, eventId: order.eventId };

    let paid: orders.OrderRow | undefined;
    const late = order.status === 'expired';
    if (amountMinor === order.totalMinor && order.status === 'reserved') {
      const places = await orders.heldPlaces(tx, organizationId, order.id);
      if (places.length > 0) {
        await releaseCapacity(tx, organizationId, places, 'held');
        const taken = await takeCapacity(tx, organizationId, places, 'sold');
        if (!taken.taken) throw new Error('held places could not become sold');
      }
      paid = await orders.transitionOrder(tx, organizationId, order.id, ['reserved'], 'paid');
    } else if (amountMinor === order.totalMinor && late && (await retake(tx, organizationId, order.id))) {
      await repository.reinstateTickets(tx, organizationId, order.id);
      paid = await orders.transitionOrder(tx, organizationId, order.id, ['expired'], 'paid');
    }

    if (paid) {
      const customer = await orders.recordCustomerOrder(tx, {
        organizationId,
        email: paid.buyerEmail,
        name: paid.buyerName,
        totalMinor: amountMinor,
        currency: paid.currency,
      });
      if (customer.inserted) {
        await emitWebhookEvent(tx, {
          organizationId,
          type: 'customer.created',
          data: customerCreatedData({ ...customer, source: 'order' }),
        });
      }
      await queueOrderMail(ctx, tx, paid);
      await recordAudit(tx, {
        organizationId,
        actorStaffId: null,
        action: 'order.paid',
        targetType: 'order',
        targetId: order.id,
        before: { status: order.status },
        after: { status: 'paid', provider: 'stripe', paymentIntentId, amountMinor, late },
      });
      await emitWebhookEvent(tx, { organizationId, type: 'order.paid', data: orderEventData(paid) });
      return null;
    }

    // Not honoured: the whole payment goes back at once. It counts on the order when it paid the order's
    // price (an expired or cancelled reservation); a second payment of a paid order is only given back.
    if (order.status !== 'paid') await repository.addRefunded(tx, organizationId, order.id, amountMinor);
    const reason = late ? 'late-payment' : 'not-payable';
    const row = await repository.insertRefund(tx, {
      organizationId,
      orderId: order.id,
      paymentId: payment.id,
      provider: 'stripe',
      amountMinor,
      currency: payment.currency,
      status: 'pending',
      ticketIds: [],
      reason,
    });
    await recordRefund(tx, row, order.eventId);
    await queueRefundMail(ctx, tx, order, { amountMinor, ticketCount: 0, card: true, reason });
    await recordAudit(tx, {
      organizationId,
      actorStaffId: null,
      action: 'order.payment-refunded',
      targetType: 'order',
      targetId: order.id,
      after: { status: order.status, reason, paymentIntentId, amountMinor, refundId: row.id },
    });
    return row;
  });
  ctx.kickOutbox();
  ctx.live.publish(figuresTopic(organizationId));
  // The processor's fee, from the charge's balance transaction; the payments job retries a miss.
  const fee = recorded as { payment: orders.PaymentRow; eventId: string } | null;
  if (fee) {
    await fetchProcessorFee(ctx, fee.payment, fee.eventId).catch((error: unknown) =>
      log.warn({ err: error, payment: fee.payment.id }, 'processor fee not read; the payments job retries'),
    );
  }
  if (refund) await submitStripeRefund(ctx, refund);
}
