import type { events } from '@guichet/db/schema/events';
import type { OrderDetail, OrderSummary, PublicOrder, Ticket } from '@guichet/shared/orders';
import type { OrderRow, TicketRow } from './orders.repository';

type EventRow = typeof events.$inferSelect;
type TicketWithType = { ticket: TicketRow; ticketTypeName: string };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A ticket as answered; the secret (what the QR code draws) only once the order is paid. */
export function ticketView(row: TicketWithType, order: Pick<OrderRow, 'status'>): Ticket {
  const { ticket } = row;
  return {
    id: ticket.id,
    ticketTypeId: ticket.ticketTypeId,
    ticketTypeName: row.ticketTypeName,
    attendeeName: ticket.attendeeName,
    priceMinor: ticket.priceMinor,
    currency: ticket.currency,
    status: ticket.status,
    secret: order.status === 'paid' && ticket.status === 'valid' ? ticket.secret : null,
  };
}

/** `paymentInstructions`: the organiser's own, shown only while the order waits for an offline payment. */
export function publicOrderView(
  order: OrderRow,
  tickets: TicketWithType[],
  event: Pick<EventRow, 'name' | 'startsAt' | 'timeZone'>,
  paymentInstructions: string | null = null,
): PublicOrder {
  return {
    code: order.code,
    status: order.status,
    paymentMethod: order.paymentMethod,
    buyer: { name: order.buyerName, email: order.buyerEmail },
    totalMinor: order.totalMinor,
    currency: order.currency,
    reservedUntil: iso(order.reservedUntil),
    createdAt: order.createdAt.toISOString(),
    event: { name: event.name, startsAt: event.startsAt.toISOString(), timeZone: event.timeZone },
    tickets: tickets.map((row) => ticketView(row, order)),
    paymentInstructions: order.status === 'pending_payment' ? paymentInstructions : null,
    refundedMinor: order.refundedMinor,
  };
}

export function orderSummaryView(order: OrderRow, ticketCount: number): OrderSummary {
  return {
    id: order.id,
    code: order.code,
    eventId: order.eventId,
    status: order.status,
    channel: order.channel,
    paymentMethod: order.paymentMethod,
    buyerName: order.buyerName,
    buyerEmail: order.buyerEmail,
    totalMinor: order.totalMinor,
    refundedMinor: order.refundedMinor,
    currency: order.currency,
    ticketCount,
    reservedUntil: iso(order.reservedUntil),
    paidAt: iso(order.paidAt),
    createdAt: order.createdAt.toISOString(),
  };
}

export function orderDetailView(
  order: OrderRow,
  tickets: TicketWithType[],
  event: Pick<EventRow, 'id' | 'name' | 'startsAt' | 'timeZone'>,
  audit: OrderDetail['audit'],
  money: Pick<OrderDetail, 'payments' | 'refunds' | 'net'>,
): OrderDetail {
  return {
    ...orderSummaryView(order, tickets.length),
    note: order.note,
    cancelledAt: iso(order.cancelledAt),
    expiredAt: iso(order.expiredAt),
    event: {
      id: event.id,
      name: event.name,
      startsAt: event.startsAt.toISOString(),
      timeZone: event.timeZone,
    },
    tickets: tickets.map((row) => ticketView(row, order)),
    payments: money.payments,
    refunds: money.refunds,
    net: money.net,
    audit,
  };
}
