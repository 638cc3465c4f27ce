import type { Queryable } from '@guichet/db/client';
import type { Locale } from '@guichet/shared/i18n';
import type { AppContext } from '../../context';
import { enqueueMail, type MailMessage } from '../mail/mail.repository';
import { type CalendarEvent, eventWhen, eventWhere } from './event-calendar';
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

/** The order's event as a calendar file, on the public API (any order the buyer holds the code of). */
export const calendarLink = (ctx: AppContext, code: string) =>
  `${ctx.config.publicUrl}/api/public/orders/${encodeURIComponent(code)}/calendar.ics`;

/**
 * The mail an order's status calls for: its tickets once paid (with the PDF attached, rendered when the
 * mail leaves), payment instructions while pending. Both say when (in the event's zone) and where (with a
 * map), who organises, carry the event as an `.ics` file, and send replies to the organiser's contact
 * address. Either is linked to the order for the back office.
 */
export function orderMail(
  ctx: AppContext,
  order: OrderRow,
  event: CalendarEvent | undefined,
  organizer: Organizer,
  ticketCount: number,
): MailMessage {
  const locale = (order.locale === 'fr' ? 'fr' : 'en') as Locale;
  const where = event ? eventWhere(event) : null;
  const input = {
    locale,
    to: order.buyerEmail,
    buyerName: order.buyerName,
    eventName: event?.name ?? '',
    organizerName: organizer.name,
    code: order.code,
    totalMinor: order.totalMinor,
    currency: order.currency,
    ticketCount,
    link: orderLink(ctx, order.code),
    offlineInstructions: organizer.offlinePaymentInstructions,
    pdfLink: ticketsPdfLink(ctx, order.code),
    when: event ? eventWhen(event, locale) : undefined,
    where: where?.lines,
    mapUrl: where?.mapUrl,
    calendarLink: calendarLink(ctx, order.code),
  };
  const about = { organizationId: order.organizationId, orderId: order.id };
  const common = {
    about,
    ...(organizer.contactEmail ? { replyTo: organizer.contactEmail } : {}),
  };
  const calendar = {
    kind: 'event-ics' as const,
    filename: 'event.ics',
    organizationId: order.organizationId,
    orderId: order.id,
  };
  if (order.status === 'pending_payment') {
    return { ...paymentInstructionsMail(input), ...common, attachments: [calendar] };
  }
  return {
    ...ticketsMail(input),
    ...common,
    attachments: [
      {
        kind: 'tickets-pdf',
        filename: `tickets-${order.code}.pdf`,
        organizationId: order.organizationId,
        orderId: order.id,
      },
      calendar,
      // The receipt of an order that cost something (issued when the mail leaves, numbered then).
      ...(order.totalMinor > 0
        ? [
            {
              kind: 'receipt-pdf' as const,
              filename: `receipt-${order.code}.pdf`,
              organizationId: order.organizationId,
              orderId: order.id,
            },
          ]
        : []),
      // The invoice asked for at checkout: issued by the payment's transaction, so there by the time it leaves.
      ...(order.billing
        ? [
            {
              kind: 'invoice-pdf' as const,
              filename: `invoice-${order.code}.pdf`,
              organizationId: order.organizationId,
              orderId: order.id,
            },
          ]
        : []),
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
  await enqueueMail(tx, orderMail(ctx, order, event, organization, count));
}
