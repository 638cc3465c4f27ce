import type { Locale } from '@guichet/shared/i18n';
import { formatMoney } from '@guichet/shared/money';
import type { MailMessage } from '../mail/mail.repository';
import { layout } from '../mail/templates';

/** Why money went back: staff refunded, or a card payment could not be honoured (decision 012). */
export type RefundReason = 'staff' | 'late-payment' | 'not-payable';

const TEXT = {
  en: {
    subject: (event: string) => `Refund for your order for ${event}`,
    title: 'Your refund',
    amount: (name: string, amount: string, event: string) =>
      `Hello ${name}, ${amount} of your order for ${event} is being refunded.`,
    tickets: (count: number) =>
      count === 1
        ? 'One ticket is cancelled and no longer valid.'
        : `${count} tickets are cancelled and no longer valid.`,
    late: 'Your payment arrived after your reservation had expired and its places were taken meanwhile, so it is refunded in full.',
    notPayable: 'This order could no longer be paid, so your payment is refunded in full.',
    card: 'Card refunds usually reach your account within 5 to 10 days.',
    code: (code: string) => `Order code: ${code}`,
    action: 'See your order',
  },
  fr: {
    subject: (event: string) => `Remboursement de votre commande pour ${event}`,
    title: 'Votre remboursement',
    amount: (name: string, amount: string, event: string) =>
      `Bonjour ${name}, ${amount} de votre commande pour ${event} vous sont remboursés.`,
    tickets: (count: number) =>
      count === 1
        ? 'Un billet est annulé et n’est plus valable.'
        : `${count} billets sont annulés et ne sont plus valables.`,
    late: 'Votre paiement est arrivé après l’expiration de votre réservation et ses places ont été prises entre-temps : il vous est remboursé en totalité.',
    notPayable: 'Cette commande ne pouvait plus être payée : votre paiement vous est remboursé en totalité.',
    card: 'Un remboursement par carte arrive en général sur votre compte sous 5 à 10 jours.',
    code: (code: string) => `Code de commande : ${code}`,
    action: 'Voir votre commande',
  },
} satisfies Record<Locale, unknown>;

export interface RefundMailInput {
  locale: Locale;
  to: string;
  buyerName: string;
  eventName: string;
  code: string;
  amountMinor: number;
  currency: string;
  ticketCount: number;
  card: boolean;
  reason: RefundReason;
  link: string;
}

/** The buyer's refund notice: how much, which tickets stopped being valid, and why when it was not staff. */
export function refundMail(input: RefundMailInput): MailMessage {
  const t = TEXT[input.locale];
  const lines: string[] = [];
  if (input.amountMinor > 0)
    lines.push(
      t.amount(
        input.buyerName,
        formatMoney(input.amountMinor, input.currency, input.locale),
        input.eventName,
      ),
    );
  if (input.ticketCount > 0) lines.push(t.tickets(input.ticketCount));
  if (input.reason === 'late-payment') lines.push(t.late);
  if (input.reason === 'not-payable') lines.push(t.notPayable);
  if (input.card && input.amountMinor > 0) lines.push(t.card);
  lines.push(t.code(input.code));
  return {
    to: input.to,
    subject: t.subject(input.eventName),
    text: `${lines.join('\n\n')}\n\n${t.action}: ${input.link}\n`,
    html: layout(t.title, lines, { label: t.action, href: input.link }),
  };
}
