import type { Queryable } from '@guichet/db/client';
import type { Locale } from '@guichet/shared/i18n';
import type { AppContext } from '../../context';
import { enqueueMail, type MailMessage } from '../mail/mail.repository';
import { paymentInstructionsMail, ticketsMail } from './order-mail';
import {
  findEventForOrders,
  heldPlaces,
  type OrderRow,
  type Organizer,
  organizer,
} from './orders.repository';

/** The buyer's order page (their ticket page): the public return page, found by the unguessable code. */
export const orderLink = (ctx: AppContext, code: string) =>
  `${ctx.config.publicUrl}/checkout/firebase?order=${encodeURIComponent(code)}`;

/** The PDF of a paid order's tickets, on the public API. */
export const ticketsPdfLink = (ctx: AppContext, code: string) =>
  `${ctx.config.publicUrl}/api/public/orders/${encodeURIComponent(code)}/tickets.pdf`;

/**
 * The mail an order's status calls for: its tickets once paid (with the PDF attached, rendered when the
 * mail leaves), payment instructions while pending. Either is linked to the order for the back office.
 */
export function orderMail(
  ctx: AppContext,
  order: OrderRow,
  eventName: string,
  organizer: Organizer,
  ticketCount: number,
): MailMessage {
  const input = {
    locale: (order.locale === 'fr' ? 'fr' : 'en') as Locale,
    to: order.buyerEmail,
    buyerName: order.buyerName,
    eventName,
    organizerName: organizer.name,
    code: order.code,
    totalMinor: order.totalMinor,
    currency: order.currency,
    ticketCount,
    link: orderLink(ctx, order.code),
    offlineInstructions: organizer.offlinePaymentInstructions,
    pdfLink: ticketsPdfLink(ctx, order.code),
  };
  const about = { organizationId: order.organizationId, orderId: order.id };
  if (order.status === 'pending_payment') return { ...paymentInstructionsMail(input), about };
  return {
    ...ticketsMail(input),
    about,
    attachments: [
      {
        kind: 'tickets-pdf',
        filename: `tickets-${order.code}.pdf`,
        organizationId: order.organizationId,
        orderId: order.id,
      },
    ],
  };
}

/**
 * Queues the mail `order`'s status calls for, inside the caller's transaction: the event's name, the
 * organiser and the number of places are read here, one after the other (a transaction's queries share one
 * connection, so they would queue anyway).
 */
export async function queueOrderMail(ctx: AppContext, tx: Queryable, order: OrderRow): Promise<void> {
  const event = await findEventForOrders(tx, order.organizationId, order.eventId);
  const organization = await organizer(tx, order.organizationId);
  const places = await heldPlaces(tx, order.organizationId, order.id);
  const count = places.reduce((sum, row) => sum + row.quantity, 0);
  await enqueueMail(tx, orderMail(ctx, order, event?.name ?? '', organization, count));
}
