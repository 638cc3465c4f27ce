import type { Queryable } from '@guichet/db/client';
import type { DoorPaymentMethod } from '@guichet/shared/door';
import type {
  createBoxOfficeOrderBodySchema,
  listOrdersQuerySchema,
  OrderDetail,
  OrderPage,
  OrderStatus,
} from '@guichet/shared/orders';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { figuresTopic } from '../../live/live-bus';
import { listAudit, recordAudit } from '../audit/audit.service';
import { emitWebhookEvent, orderEventData } from '../integrations/webhook-events';
import { releaseCapacity } from './capacity.repository';
import { orderMoney, recordStaffPayment } from './order-money';
import { queueOrderMail } from './order-notify';
import { placeOrder } from './order-placement';
import { orderDetailView, orderSummaryView } from './order-view';
import * as repository from './orders.repository';

/** Back-office orders (ALL or EVENT): lists, detail, box office, payment, cancellation, attendee names. */

const notFound = () => new AppError('not-found', 'No such order, ticket or event in this organisation.');
const wrongStatus = (status: OrderStatus, action: string) =>
  new AppError('invalid-order-status', `A ${status} order cannot be ${action}.`, { details: { status } });

async function eventOf(db: Queryable, organizationId: string, eventId: string) {
  const event = await repository.findEventForOrders(db, organizationId, eventId);
  if (!event) throw notFound();
  return event;
}

export async function listOrders(
  ctx: AppContext,
  organizationId: string,
  eventId: string,
  query: z.output<typeof listOrdersQuerySchema>,
): Promise<OrderPage> {
  await eventOf(ctx.db, organizationId, eventId);
  const page = await repository.listOrders(ctx.db, organizationId, eventId, query);
  return {
    items: page.rows.map((row) => orderSummaryView(row.order, row.ticketCount)),
    nextCursor: page.nextCursor,
  };
}

export async function getOrder(
  ctx: AppContext,
  organizationId: string,
  orderId: string,
): Promise<OrderDetail> {
  const order = await repository.findOrder(ctx.db, organizationId, orderId);
  if (!order) throw notFound();
  const [tickets, event, audit, money] = await Promise.all([
    repository.orderTickets(ctx.db, organizationId, orderId),
    eventOf(ctx.db, organizationId, order.eventId),
    listAudit(ctx.db, { organizationId, targetType: 'order', targetId: orderId, limit: 100 }),
    orderMoney(ctx.db, organizationId, orderId, order.currency),
  ]);
  return orderDetailView(
    order,
    tickets,
    event,
    audit.items.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actorName: entry.actorName,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt,
    })),
    money,
  );
}

/** Staff sell or give tickets at the box office: the order is paid at once, capacity still applies. */
export async function createBoxOfficeOrder(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
  body: z.output<typeof createBoxOfficeOrderBodySchema>,
): Promise<OrderDetail> {
  const event = await eventOf(ctx.db, organizationId, eventId);
  if (event.status !== 'published' && event.status !== 'draft') {
    throw new AppError('invalid-status-transition', `A ${event.status} event does not sell tickets.`, {
      details: { status: event.status },
    });
  }
  const placed = await placeOrder(
    ctx,
    {
      organizationId,
      event,
      channel: 'box_office',
      buyer: body.buyer,
      lines: body.lines,
      paymentMethod: 'box_office',
      comp: body.payment === 'comp',
      actor,
      note: body.note,
      sendEmail: body.sendEmail,
      locale: body.locale,
    },
    // The money taken at the box office, recorded with the order (nothing for comp tickets).
    (tx, { order }) =>
      recordStaffPayment(tx, {
        organizationId,
        orderId: order.id,
        eventId: order.eventId,
        provider: 'box_office',
        amountMinor: order.totalMinor,
        currency: order.currency,
        actor,
      }),
  );
  ctx.kickOutbox();
  return getOrder(ctx, organizationId, placed.order.id);
}

/**
 * Locks the order and checks it may leave its status for `to`; the conditional UPDATE that follows then
 * cannot lose, and a second caller (waiting on the lock) sees the new status and is refused.
 */
async function lockForTransition(
  tx: Queryable,
  organizationId: string,
  orderId: string,
  from: readonly OrderStatus[],
  action: string,
) {
  const order = await repository.lockOrder(tx, organizationId, orderId);
  if (!order) throw notFound();
  if (!from.includes(order.status)) throw wrongStatus(order.status, action);
  return order;
}

/**
 * An offline order's payment was received: the tickets go out and the customer's spending grows. With
 * `received` (the door, a confirming dialog), the amount must be the order's total and the method is
 * kept with the payment, against the staff member who took it.
 */
export async function markPaid(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  orderId: string,
  received?: { amountMinor: number; method: DoorPaymentMethod },
) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockForTransition(tx, organizationId, orderId, ['pending_payment'], 'marked paid');
    if (received && received.amountMinor !== before.totalMinor) {
      throw new AppError('argument-error', 'The amount received must be the order’s total.', {
        details: [{ path: 'body.amountMinor', message: `The order's total is ${before.totalMinor}.` }],
      });
    }
    const order = await repository.transitionOrder(tx, organizationId, orderId, ['pending_payment'], 'paid');
    if (!order) throw wrongStatus(before.status, 'marked paid');
    await repository.addCustomerSpend(tx, organizationId, order.buyerEmail, order.totalMinor);
    await recordStaffPayment(tx, {
      organizationId,
      orderId,
      eventId: order.eventId,
      provider: 'offline',
      amountMinor: order.totalMinor,
      currency: order.currency,
      actor,
      method: received?.method ?? null,
    });
    await queueOrderMail(ctx, tx, order);
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'order.marked-paid',
      targetType: 'order',
      targetId: orderId,
      before: { status: before.status },
      after: { status: order.status, ...(received ? { method: received.method } : {}) },
    });
    await emitWebhookEvent(tx, { organizationId, type: 'order.paid', data: orderEventData(order) });
  });
  ctx.kickOutbox();
  ctx.live.publish(figuresTopic(organizationId));
  return getOrder(ctx, organizationId, orderId);
}

/**
 * Cancels an order and gives its places back, exactly once: the order row is locked, its status checked
 * and changed conditionally, and only the caller that changed it releases the places of its valid tickets
 * (held for a reservation, sold otherwise).
 */
export async function cancelOrder(
  ctx: AppContext,
  organizationId: string,
  actor: string | null,
  orderId: string,
  reason: string | undefined,
) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockForTransition(
      tx,
      organizationId,
      orderId,
      ['reserved', 'pending_payment', 'paid'],
      'cancelled',
    );
    const order = await repository.transitionOrder(tx, organizationId, orderId, [before.status], 'cancelled');
    if (!order) throw wrongStatus(before.status, 'cancelled');
    const places = await repository.heldPlaces(tx, organizationId, orderId);
    if (places.length > 0) {
      await releaseCapacity(tx, organizationId, places, before.status === 'reserved' ? 'held' : 'sold');
    }
    await repository.setTicketsStatus(tx, organizationId, orderId, 'cancelled');
    // Paid and pending orders were counted for the customer (reservations never were); the money they
    // brought stays counted until it is refunded.
    if (before.status === 'paid' || before.status === 'pending_payment') {
      await repository.removeCustomerOrder(tx, organizationId, order.buyerEmail);
    }
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'order.cancelled',
      targetType: 'order',
      targetId: orderId,
      before: { status: before.status },
      after: { status: 'cancelled', reason: reason ?? null, released: places },
    });
    await emitWebhookEvent(tx, { organizationId, type: 'order.cancelled', data: orderEventData(order) });
  });
  ctx.live.publish(figuresTopic(organizationId));
  return getOrder(ctx, organizationId, orderId);
}

/** Sends the buyer's order e-mail again: the tickets once paid, the payment instructions while pending. */
export async function resendOrderMail(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  orderId: string,
) {
  await ctx.db.transaction(async (tx) => {
    const order = await repository.findOrder(tx, organizationId, orderId);
    if (!order) throw notFound();
    if (order.status !== 'paid' && order.status !== 'pending_payment')
      throw wrongStatus(order.status, 'sent again');
    await queueOrderMail(ctx, tx, order);
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'order.mail-resent',
      targetType: 'order',
      targetId: orderId,
      after: { to: order.buyerEmail },
    });
  });
  ctx.kickOutbox();
  return getOrder(ctx, organizationId, orderId);
}

export async function updateTicket(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  orderId: string,
  ticketId: string,
  attendeeName: string | null,
) {
  await ctx.db.transaction(async (tx) => {
    const current = (await repository.orderTickets(tx, organizationId, orderId)).find(
      (row) => row.ticket.id === ticketId,
    );
    if (!current) throw notFound();
    const ticket = await repository.updateAttendee(tx, organizationId, orderId, ticketId, attendeeName);
    if (!ticket) throw notFound();
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'ticket.attendee-changed',
      targetType: 'order',
      targetId: orderId,
      before: { ticketId, attendeeName: current.ticket.attendeeName },
      after: { ticketId, attendeeName },
    });
  });
  return getOrder(ctx, organizationId, orderId);
}
