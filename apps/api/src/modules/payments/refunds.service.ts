import type { Database, Queryable } from '@guichet/db/client';
import type { createRefundBodySchema } from '@guichet/shared/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { figuresTopic } from '../../live/live-bus';
import { recordAudit } from '../audit/audit.service';
import { emitWebhookEvent, orderEventData } from '../integrations/webhook-events';
import { recordRefund, recordRefundReversal } from '../ledger/ledger.service';
import { enqueueMail } from '../mail/mail.repository';
import { releaseCapacity } from '../orders/capacity.repository';
import { orderLink } from '../orders/order-notify';
import * as orders from '../orders/orders.repository';
import { getOrder } from '../orders/orders.service';
import * as repository from './payments.repository';
import { type RefundReason, refundMail } from './refund-mail';

/**
 * Refunds: tickets given back (their seats freed once), money given back, or both. The order row is
 * locked, the tickets change with a guarded UPDATE (valid → refunded), and the amount is counted on the
 * order with a guarded UPDATE that cannot exceed what the order cost; all in one transaction with the
 * refund row, the customer's spend, the buyer's e-mail and the audit entry. Money on a card goes back
 * through Stripe after the commit (idempotency key = refund id; retried by the payments job while pending).
 */

const notFound = () => new AppError('not-found', 'No such order, ticket or event in this organisation.');

/** The buyer's refund e-mail, queued in the refund's transaction. */
export async function queueRefundMail(
  ctx: AppContext,
  tx: Queryable,
  order: orders.OrderRow,
  refund: { amountMinor: number; ticketCount: number; card: boolean; reason: RefundReason },
) {
  const event = await orders.findEventForOrders(tx, order.organizationId, order.eventId);
  await enqueueMail(
    tx,
    refundMail({
      locale: order.locale === 'fr' ? 'fr' : 'en',
      to: order.buyerEmail,
      buyerName: order.buyerName,
      eventName: event?.name ?? '',
      code: order.code,
      amountMinor: refund.amountMinor,
      currency: order.currency,
      ticketCount: refund.ticketCount,
      card: refund.card,
      reason: refund.reason,
      link: orderLink(ctx, order.code),
    }),
  );
}

export async function createRefund(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  orderId: string,
  body: z.output<typeof createRefundBodySchema>,
) {
  const ticketIds = [...new Set(body.ticketIds)];
  const refund = await ctx.db.transaction(async (tx) => {
    const order = await orders.lockOrder(tx, organizationId, orderId);
    if (!order) throw notFound();
    // Only money that was received can go back: paid orders, or paid ones cancelled since.
    if (order.paidAt === null || (order.status !== 'paid' && order.status !== 'cancelled')) {
      throw new AppError('invalid-order-status', `A ${order.status} order has no payment to refund.`, {
        details: { status: order.status },
      });
    }
    const refunded = await repository.refundTickets(tx, organizationId, orderId, ticketIds);
    if (refunded.length !== ticketIds.length) {
      const changed = new Set(refunded.map((ticket) => ticket.id));
      throw new AppError('ticket-not-refundable', 'A ticket is not a valid ticket of this order.', {
        details: { ticketIds: ticketIds.filter((id) => !changed.has(id)) },
      });
    }
    const amountMinor = body.amountMinor ?? refunded.reduce((sum, ticket) => sum + ticket.priceMinor, 0);
    if (amountMinor > 0 && !(await repository.addRefunded(tx, organizationId, orderId, amountMinor))) {
      throw new AppError('refund-exceeds-paid', 'This refund is more than what is left of the payment.', {
        details: { refundableMinor: order.totalMinor - order.refundedMinor, currency: order.currency },
      });
    }
    if (refunded.length > 0) {
      const places = new Map<string, number>();
      for (const ticket of refunded)
        places.set(ticket.ticketTypeId, (places.get(ticket.ticketTypeId) ?? 0) + 1);
      await releaseCapacity(
        tx,
        organizationId,
        [...places].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })),
        'sold',
      );
    }
    const card = order.paymentMethod === 'stripe' && amountMinor > 0;
    const payment = card
      ? (await orders.orderPayments(tx, organizationId, orderId)).find((row) => row.provider === 'stripe')
      : undefined;
    if (card && !payment) throw new Error(`card order ${orderId} has no Stripe payment`);
    const row = await repository.insertRefund(tx, {
      organizationId,
      orderId,
      paymentId: payment?.id ?? null,
      // How the order was paid; a card order's tickets-only refund has no money to send to Stripe.
      provider:
        order.paymentMethod === 'stripe' || order.paymentMethod === 'box_office'
          ? order.paymentMethod
          : 'offline',
      amountMinor,
      currency: order.currency,
      status: card ? 'pending' : 'succeeded',
      ticketIds: refunded.map((ticket) => ticket.id),
      reason: body.reason ?? null,
      createdBy: actor,
    });
    await recordRefund(tx, row, order.eventId);
    if (amountMinor > 0) await orders.addCustomerSpend(tx, organizationId, order.buyerEmail, -amountMinor);
    await queueRefundMail(ctx, tx, order, {
      amountMinor,
      ticketCount: refunded.length,
      card,
      reason: 'staff',
    });
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'order.refunded',
      targetType: 'order',
      targetId: orderId,
      before: { refundedMinor: order.refundedMinor },
      after: {
        refundId: row.id,
        amountMinor,
        currency: order.currency,
        ticketIds: row.ticketIds,
        provider: row.provider,
        reason: body.reason ?? null,
      },
    });
    await emitWebhookEvent(tx, {
      organizationId,
      type: 'order.refunded',
      data: {
        ...orderEventData(order),
        refund: {
          id: row.id,
          amountMinor,
          currency: order.currency,
          ticketIds: row.ticketIds,
          status: row.status,
        },
      },
    });
    return { row, payment };
  });
  ctx.kickOutbox();
  ctx.live.publish(figuresTopic(organizationId));
  if (refund.row.status === 'pending' && refund.payment) await submitStripeRefund(ctx, refund.row);
  return getOrder(ctx, organizationId, orderId);
}

/**
 * Sends a pending refund to Stripe. The refund's id is the idempotency key, so a retry after a lost answer
 * never refunds twice. A refusal (4xx) ends it `failed` and gives its amount back to what may be refunded
 * (tickets stay refunded: their seats may be sold again already); an outage leaves it pending for the job.
 */
export async function submitStripeRefund(ctx: AppContext, refund: repository.RefundRow): Promise<void> {
  const provider = ctx.payments;
  if (!provider || !refund.paymentId) return;
  const [payment] = (await orders.orderPayments(ctx.db, refund.organizationId, refund.orderId)).filter(
    (row) => row.id === refund.paymentId,
  );
  if (!payment?.stripePaymentIntentId || !payment.stripeAccountId) return;
  try {
    const result = await provider.refund(
      payment.stripeAccountId,
      {
        paymentIntentId: payment.stripePaymentIntentId,
        amountMinor: refund.amountMinor,
        metadata: { refund_id: refund.id, order_id: refund.orderId },
      },
      `refund:${refund.id}`,
    );
    if (result.status === 'failed' || result.status === 'canceled') {
      // Refused by Stripe: the money stayed, so it is refundable again and the ledger says so.
      await failRefund(ctx.db, refund, `refund ${result.status} at Stripe`, result.id);
    } else {
      await repository.markRefund(ctx.db, refund.organizationId, refund.id, {
        status: 'succeeded',
        stripeRefundId: result.id,
        failureMessage: null,
      });
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    const message = error instanceof Error ? error.message : String(error);
    if (status !== undefined && status >= 400 && status < 500 && status !== 429 && status !== 409) {
      await failRefund(ctx.db, refund, message);
    } else {
      await ctx.db.transaction((tx) =>
        repository.markRefund(tx, refund.organizationId, refund.id, {
          status: 'pending',
          failureMessage: message,
        }),
      );
    }
  }
}

async function failRefund(
  db: Database,
  refund: repository.RefundRow,
  message: string,
  stripeRefundId?: string,
) {
  await db.transaction(async (tx) => {
    const order = await orders.lockOrder(tx, refund.organizationId, refund.orderId);
    // Claimed with a guarded UPDATE: of two runners failing one refund, one gives its amount back.
    const claimed = await repository.markRefundFailed(tx, refund.organizationId, refund.id, {
      failureMessage: message,
      stripeRefundId: stripeRefundId ?? null,
    });
    if (claimed && order && order.refundedMinor >= refund.amountMinor) {
      await repository.addRefunded(tx, refund.organizationId, refund.orderId, -refund.amountMinor);
      await recordRefundReversal(tx, refund, order.eventId, message);
    }
    await recordAudit(tx, {
      organizationId: refund.organizationId,
      actorStaffId: null,
      action: 'order.refund-failed',
      targetType: 'order',
      targetId: refund.orderId,
      after: { refundId: refund.id, amountMinor: refund.amountMinor, message },
    });
  });
}

/** Retries Stripe refunds left pending (Stripe was unreachable), oldest first. */
export async function retryPendingRefunds(
  ctx: AppContext,
  log: FastifyBaseLogger,
  now = new Date(),
  batch = 20,
) {
  const due = await repository.pendingRefunds(ctx.db, new Date(now.getTime() - 30_000), batch);
  for (const refund of due) {
    await submitStripeRefund(ctx, refund).catch((error: unknown) =>
      log.warn({ err: error, refund: refund.id }, 'refund retry failed'),
    );
  }
  return due.length;
}
