import type { Locale } from '@guichet/shared/i18n';
import { formatMoney } from '@guichet/shared/money';
import type { MailMessage } from '../mail/mail.repository';
import { layout } from '../mail/templates';

const TEXT = {
  en: {
    orderSubject: (event: string, code: string) => `New order ${code} for ${event}`,
    orderTitle: 'A new order',
    orderIntro: (name: string, event: string) => `Hello ${name}, a new order came in for ${event}.`,
    buyer: (name: string, email: string) => `Buyer: ${name} (${email})`,
    tickets: (count: number) => (count === 1 ? '1 ticket' : `${count} tickets`),
    amount: (total: string, state: string) => `Amount: ${total}, ${state}`,
    paid: 'paid',
    pending: 'awaiting payment',
    code: (code: string) => `Order code: ${code}`,
    placed: (when: string) => `Placed on ${when}`,
    action: 'Open the event',
    digestSubject: (organization: string, day: string) => `Orders for ${organization}: ${day}`,
    digestTitle: 'Your daily orders',
    digestIntro: (name: string, organization: string, orders: number) =>
      `Hello ${name}, ${orders === 1 ? '1 new order' : `${orders} new orders`} for ${organization} since the last digest.`,
    digestLine: (event: string, orders: number, tickets: number, total: string, pending: number) =>
      `${event}: ${orders === 1 ? '1 order' : `${orders} orders`}, ${tickets === 1 ? '1 ticket' : `${tickets} tickets`}, ${total}${pending > 0 ? ` (${pending} awaiting payment)` : ''}`,
    digestAction: 'Open the events',
    settings: 'You receive this mail because of your profile’s order notification setting.',
  },
  fr: {
    orderSubject: (event: string, code: string) => `Nouvelle commande ${code} pour ${event}`,
    orderTitle: 'Une nouvelle commande',
    orderIntro: (name: string, event: string) =>
      `Bonjour ${name}, une nouvelle commande est arrivée pour ${event}.`,
    buyer: (name: string, email: string) => `Acheteur\u00a0: ${name} (${email})`,
    tickets: (count: number) => (count === 1 ? '1 billet' : `${count} billets`),
    amount: (total: string, state: string) => `Montant\u00a0: ${total}, ${state}`,
    paid: 'payé',
    pending: 'en attente de paiement',
    code: (code: string) => `Code de commande\u00a0: ${code}`,
    placed: (when: string) => `Passée le ${when}`,
    action: 'Ouvrir l’événement',
    digestSubject: (organization: string, day: string) => `Commandes de ${organization}\u00a0: ${day}`,
    digestTitle: 'Vos commandes du jour',
    digestIntro: (name: string, organization: string, orders: number) =>
      `Bonjour ${name}, ${orders === 1 ? '1 nouvelle commande' : `${orders} nouvelles commandes`} pour ${organization} depuis le dernier récapitulatif.`,
    digestLine: (event: string, orders: number, tickets: number, total: string, pending: number) =>
      `${event}\u00a0: ${orders === 1 ? '1 commande' : `${orders} commandes`}, ${tickets === 1 ? '1 billet' : `${tickets} billets`}, ${total}${pending > 0 ? ` (${pending} en attente de paiement)` : ''}`,
    digestAction: 'Ouvrir les événements',
    settings: 'Vous recevez ce message selon le réglage des notifications de commande de votre profil.',
  },
} satisfies Record<Locale, unknown>;

const toLocale = (value: string): Locale => (value === 'fr' ? 'fr' : 'en');

/** A date and time in the reader's language, in the given zone, 24-hour in both languages. */
function formatWhen(at: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(at);
}

export interface NewOrderMailInput {
  to: string;
  displayName: string;
  locale: string;
  eventName: string;
  timeZone: string;
  code: string;
  status: string;
  buyerName: string;
  buyerEmail: string;
  tickets: number;
  totalMinor: number;
  currency: string;
  placedAt: Date;
  /** The event's page in the back office. */
  link: string;
}

/** One staff member's mail about one new order. */
export function newOrderMail(input: NewOrderMailInput): MailMessage {
  const locale = toLocale(input.locale);
  const t = TEXT[locale];
  const total = formatMoney(input.totalMinor, input.currency, locale);
  const lines = [
    t.orderIntro(input.displayName, input.eventName),
    t.buyer(input.buyerName, input.buyerEmail),
    `${t.tickets(input.tickets)} · ${t.amount(total, input.status === 'pending_payment' ? t.pending : t.paid)}`,
    t.code(input.code),
    t.placed(formatWhen(input.placedAt, locale, input.timeZone)),
  ];
  return {
    to: input.to,
    subject: t.orderSubject(input.eventName, input.code),
    text: `${lines.join('\n\n')}\n\n${t.action}: ${input.link}\n\n${t.settings}\n`,
    html: layout(t.orderTitle, [...lines, t.settings], { label: t.action, href: input.link }),
  };
}

export interface DigestMailInput {
  to: string;
  displayName: string;
  locale: string;
  organizationName: string;
  /** The local day of the digest, `YYYY-MM-DD`. */
  day: string;
  lines: {
    eventName: string;
    orders: number;
    tickets: number;
    totalMinor: number;
    currency: string;
    pending: number;
  }[];
  link: string;
}

/** One staff member's daily digest of an organisation's new orders, per event and currency. */
export function digestMail(input: DigestMailInput): MailMessage {
  const locale = toLocale(input.locale);
  const t = TEXT[locale];
  const orders = input.lines.reduce((sum, line) => sum + line.orders, 0);
  const day = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${input.day}T12:00:00Z`));
  const lines = [
    t.digestIntro(input.displayName, input.organizationName, orders),
    ...input.lines.map((line) =>
      t.digestLine(
        line.eventName,
        line.orders,
        line.tickets,
        formatMoney(line.totalMinor, line.currency, locale),
        line.pending,
      ),
    ),
  ];
  return {
    to: input.to,
    subject: t.digestSubject(input.organizationName, day),
    text: `${lines.join('\n\n')}\n\n${t.digestAction}: ${input.link}\n\n${t.settings}\n`,
    html: layout(t.digestTitle, [...lines, t.settings], { label: t.digestAction, href: input.link }),
  };
}
