import type { Database, Queryable } from '@guichet/db/client';
import type { Locale } from '@guichet/shared/i18n';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { invoiceFile, receiptFile } from '../documents/document-files';
import type { AttachmentRef, AttachmentRenderer, RenderedAttachment } from '../mail/mail.repository';
import { eventIcs } from '../orders/event-calendar';
import {
  findEventForOrders,
  findOrder,
  findOrderByCode,
  type OrderRow,
  orderTickets,
  organizer,
} from '../orders/orders.repository';
import type { TicketsDocument } from './ticket-pdf';
import { renderTicketsPdfOffThread } from './ticket-pdf-pool';

/** The PDF of a paid order's valid tickets, read fresh: what the buyer may use at the door now. */

async function documentOf(db: Queryable, order: OrderRow): Promise<TicketsDocument | null> {
  // Secrets are given out only for paid orders, like on the ticket page.
  if (order.status !== 'paid') return null;
  const [event, tickets, organization] = await Promise.all([
    findEventForOrders(db, order.organizationId, order.eventId),
    orderTickets(db, order.organizationId, order.id),
    organizer(db, order.organizationId),
  ]);
  const valid = tickets.filter((row) => row.ticket.status === 'valid');
  if (!event || valid.length === 0) return null;
  const place =
    event.locationType === 'online'
      ? [event.onlineUrl ?? '']
      : [event.venueName ?? '', event.venueAddress ?? ''].filter(Boolean);
  return {
    locale: (order.locale === 'fr' ? 'fr' : 'en') as Locale,
    orderCode: order.code,
    organizerName: organization.name,
    event: { name: event.name, startsAt: event.startsAt, timeZone: event.timeZone, place },
    tickets: valid.map((row) => ({
      ticketTypeName: row.ticketTypeName,
      // The buyer's name when the event does not ask for attendees' names.
      attendeeName: row.ticket.attendeeName ?? order.buyerName,
      priceMinor: row.ticket.priceMinor,
      currency: row.ticket.currency,
      secret: row.ticket.secret,
      shortCode: row.ticket.shortCode,
    })),
  };
}

async function render(db: Queryable, order: OrderRow | undefined): Promise<RenderedAttachment | null> {
  const document = order && (await documentOf(db, order));
  if (!order || !document) return null;
  return {
    filename: `tickets-${order.code}.pdf`,
    contentType: 'application/pdf',
    content: Buffer.from(await renderTicketsPdfOffThread(document)),
  };
}

/** The outbox worker's renderer: an order that is no longer paid (cancelled meanwhile) attaches nothing. */
export function attachmentRenderer(db: Database, publicUrl: string): AttachmentRenderer {
  return async (ref: AttachmentRef): Promise<RenderedAttachment | null> => {
    switch (ref.kind) {
      case 'tickets-pdf':
        return render(db, await findOrder(db, ref.organizationId, ref.orderId));
      case 'event-ics':
        return renderCalendar(db, publicUrl, await findOrder(db, ref.organizationId, ref.orderId));
      case 'receipt-pdf':
        return receiptFile(db, ref.organizationId, ref.orderId);
      case 'invoice-pdf':
        return invoiceFile(db, ref.organizationId, ref.orderId);
      default:
        return null;
    }
  };
}

/**
 * The order's event as an iCalendar file, read fresh: an order that is cancelled or expired gets none
 * (the buyer is not coming).
 */
async function renderCalendar(
  db: Queryable,
  publicUrl: string,
  order: OrderRow | undefined,
): Promise<RenderedAttachment | null> {
  if (!order || order.status === 'cancelled' || order.status === 'expired') return null;
  const [event, organization] = await Promise.all([
    findEventForOrders(db, order.organizationId, order.eventId),
    organizer(db, order.organizationId),
  ]);
  if (!event) return null;
  const ics = eventIcs({
    event,
    organizerName: organization.name,
    organizerEmail: organization.contactEmail,
    orderCode: order.code,
    orderUrl: `${publicUrl}/checkout/firebase?order=${encodeURIComponent(order.code)}`,
  });
  return { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8', content: Buffer.from(ics) };
}

/** The order's event as a calendar file, by the order's code: the same 404 for a wrong code. */
export async function publicCalendar(ctx: AppContext, code: string): Promise<RenderedAttachment> {
  const order = await findOrderByCode(ctx.db, code.toUpperCase());
  const rendered = await renderCalendar(ctx.db, ctx.config.publicUrl, order);
  if (!rendered) throw new AppError('not-found', 'No such order.');
  return rendered;
}

/**
 * A buyer's tickets by the order's code. A wrong code, an unpaid order and one without valid tickets
 * give the same 404: nothing tells a guesser whether a code exists.
 */
export async function publicTicketsPdf(ctx: AppContext, code: string): Promise<RenderedAttachment> {
  const rendered = await render(ctx.db, await findOrderByCode(ctx.db, code.toUpperCase()));
  if (!rendered) throw new AppError('not-found', 'No such order.');
  return rendered;
}
