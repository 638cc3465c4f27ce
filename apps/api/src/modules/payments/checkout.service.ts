import { randomUUID } from 'node:crypto';
import type { CheckoutLink } from '@guichet/shared/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { platformFee } from '../../payment-provider';
import { orderLink } from '../orders/order-notify';
import { findEventForOrders, type OrderRow, orderTickets } from '../orders/orders.repository';
import { providerError, providerOf, unavailable } from './accounts.service';
import * as repository from './payments.repository';

/** Stripe requires a Checkout Session to live at least 30 minutes; one more leaves room for clock skew. */
const MIN_SESSION_MS = 31 * 60_000;

const payable = (order: OrderRow, now: Date) =>
  order.paymentMethod === 'stripe' &&
  order.status === 'reserved' &&
  order.reservedUntil !== null &&
  order.reservedUntil > now;

/** The open Checkout page of a card order that can still be paid, or null (read only, for the views). */
export async function checkoutUrlFor(ctx: AppContext, order: OrderRow, now = new Date()) {
  if (!payable(order, now)) return null;
  const session = await repository.openSession(ctx.db, order.organizationId, order.id);
  return session && session.expiresAt > now ? session.url : null;
}

/**
 * The Stripe Checkout page where a reserved card order is paid: the open session if there is one, else a
 * new one on the organisation's connected account (a direct charge) with the platform's fee. The session
 * outlives the reservation (Stripe's 30-minute minimum): a payment after expiry follows decision 009.
 */
export async function checkoutLink(
  ctx: AppContext,
  order: OrderRow,
  now = new Date(),
): Promise<CheckoutLink> {
  if (!payable(order, now) || !order.reservedUntil) {
    throw new AppError('invalid-order-status', `A ${order.status} order cannot be paid by card now.`, {
      details: { status: order.status },
    });
  }
  const provider = providerOf(ctx);
  const stripe = ctx.config.stripe;
  const organizationId = order.organizationId;
  const reservedUntil = order.reservedUntil.toISOString();
  const existing = await repository.openSession(ctx.db, organizationId, order.id);
  if (existing && existing.expiresAt > now) return { url: existing.url, expiresAt: reservedUntil };
  if (existing) await repository.setSessionStatus(ctx.db, organizationId, existing.id, 'expired');

  const account = await repository.findAccount(ctx.db, organizationId);
  if (!stripe || !account?.chargesEnabled) throw unavailable();
  const [event, rows] = await Promise.all([
    findEventForOrders(ctx.db, organizationId, order.eventId),
    orderTickets(ctx.db, organizationId, order.id),
  ]);
  // One line per ticket type and price, as the buyer chose them.
  const lines = new Map<string, { name: string; unitAmountMinor: number; quantity: number }>();
  for (const { ticket, ticketTypeName } of rows) {
    const key = `${ticket.ticketTypeId}:${ticket.priceMinor}`;
    const line = lines.get(key) ?? {
      name: `${event?.name ?? ''} · ${ticketTypeName}`,
      unitAmountMinor: ticket.priceMinor,
      quantity: 0,
    };
    line.quantity += 1;
    lines.set(key, line);
  }
  const fee = platformFee(stripe, order.totalMinor);
  const returnUrl = orderLink(ctx, order.code);
  const metadata = { order_id: order.id, order_code: order.code, organization_id: organizationId };
  let session: Awaited<ReturnType<typeof provider.createCheckoutSession>>;
  try {
    session = await provider.createCheckoutSession(
      account.stripeAccountId,
      {
        lines: [...lines.values()],
        currency: order.currency,
        applicationFeeMinor: fee,
        customerEmail: order.buyerEmail,
        reference: order.code,
        locale: order.locale === 'fr' ? 'fr' : 'en',
        successUrl: returnUrl,
        cancelUrl: returnUrl,
        expiresAt: new Date(Math.max(order.reservedUntil.getTime(), now.getTime() + MIN_SESSION_MS)),
        metadata,
      },
      // One key per attempt: the SDK's own retries of this request reuse it.
      `checkout:${order.id}:${randomUUID()}`,
    );
  } catch (error) {
    throw providerError(error);
  }
  if (!session.url) throw providerError(new Error('Stripe answered a session without a URL'));
  const stored = await repository.insertSession(ctx.db, {
    id: session.id,
    organizationId,
    orderId: order.id,
    stripeAccountId: account.stripeAccountId,
    url: session.url,
    amountMinor: session.amountTotal,
    applicationFeeMinor: fee,
    currency: order.currency,
    expiresAt: session.expiresAt,
  });
  if (!stored) {
    // A concurrent request stored its session first: use that one and close ours.
    await provider.expireCheckoutSession(account.stripeAccountId, session.id).catch(() => undefined);
    const winner = await repository.openSession(ctx.db, organizationId, order.id);
    if (winner) return { url: winner.url, expiresAt: reservedUntil };
  }
  return { url: session.url, expiresAt: reservedUntil };
}

/**
 * Closes, at Stripe, the open sessions of orders that can no longer be paid through them (an expired or
 * cancelled reservation): best effort, retried on the next run. A session Stripe reports complete is left
 * to its `checkout.session.completed` event (a late payment, decision 009).
 */
export async function closeStaleSessions(
  ctx: AppContext,
  log: FastifyBaseLogger,
  now = new Date(),
  batch = 50,
) {
  const provider = ctx.payments;
  if (!provider) return 0;
  let closed = 0;
  for (const { session } of await repository.staleSessions(ctx.db, now, batch)) {
    try {
      const result = await provider
        .expireCheckoutSession(session.stripeAccountId, session.id)
        .catch(() => provider.retrieveCheckoutSession(session.stripeAccountId, session.id));
      if (result.status !== 'open') {
        await repository.setSessionStatus(ctx.db, session.organizationId, session.id, result.status);
        closed += 1;
      }
    } catch (error) {
      log.warn({ err: error, session: session.id }, 'could not expire a checkout session');
    }
  }
  return closed;
}
