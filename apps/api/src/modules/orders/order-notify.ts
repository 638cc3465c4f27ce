import type { Locale } from '@guichet/shared/i18n';
import type { AppContext } from '../../context';
import type { MailMessage } from '../mail/mail.repository';
import { paymentInstructionsMail, ticketsMail } from './order-mail';
import type { OrderRow } from './orders.repository';

/** The buyer's order page: the public return page, found by the unguessable order code. */
export const orderLink = (ctx: AppContext, code: string) =>
  `${ctx.config.publicUrl}/checkout/firebase?order=${encodeURIComponent(code)}`;

/** The mail an order's status calls for: its tickets once paid, payment instructions while pending. */
export function orderMail(
  ctx: AppContext,
  order: OrderRow,
  eventName: string,
  organizerName: string,
  ticketCount: number,
): MailMessage {
  const input = {
    locale: (order.locale === 'fr' ? 'fr' : 'en') as Locale,
    to: order.buyerEmail,
    buyerName: order.buyerName,
    eventName,
    organizerName,
    code: order.code,
    totalMinor: order.totalMinor,
    currency: order.currency,
    ticketCount,
    link: orderLink(ctx, order.code),
  };
  return order.status === 'pending_payment' ? paymentInstructionsMail(input) : ticketsMail(input);
}
