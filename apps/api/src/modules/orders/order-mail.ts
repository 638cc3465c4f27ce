import type { Locale } from '@guichet/shared/i18n';
import { formatMoney } from '@guichet/shared/money';
import type { MailMessage } from '../mail/mail.repository';
import { layout } from '../mail/templates';

const TEXT = {
  en: {
    paidSubject: (event: string) => `Your tickets for ${event}`,
    paidTitle: 'Your tickets',
    paidIntro: (name: string, count: number, event: string) =>
      `Hello ${name}, here ${count === 1 ? 'is your ticket' : `are your ${count} tickets`} for ${event}.`,
    pendingSubject: (event: string) => `Your order for ${event}: payment to make`,
    pendingTitle: 'Your order is reserved',
    pendingIntro: (name: string, event: string) =>
      `Hello ${name}, your order for ${event} is recorded and its places are kept for you.`,
    pendingHow: (organizer: string, total: string, code: string) =>
      `Pay ${total} to ${organizer} by bank transfer, in cash or at the door, quoting the order code ${code}. Your tickets are sent as soon as the payment is recorded.`,
    pendingOwn: (organizer: string, total: string, code: string) =>
      `Pay ${total} to ${organizer}, quoting the order code ${code}, as follows:`,
    pendingAfter: 'Your tickets are sent as soon as the payment is recorded.',
    pdf: 'Your tickets are attached as a PDF, one page per ticket: print it or show it on your phone.',
    download: 'Download the PDF',
    code: (code: string) => `Order code: ${code}`,
    total: (total: string) => `Total: ${total}`,
    action: 'See your order',
    when: (when: string) => `When: ${when}`,
    where: (where: string) => `Where: ${where}`,
    organizer: (name: string) => `Organised by ${name}.`,
    map: 'Open the map',
    calendar: 'Add to your calendar (.ics)',
  },
  fr: {
    paidSubject: (event: string) => `Vos billets pour ${event}`,
    paidTitle: 'Vos billets',
    paidIntro: (name: string, count: number, event: string) =>
      `Bonjour ${name}, voici ${count === 1 ? 'votre billet' : `vos ${count} billets`} pour ${event}.`,
    pendingSubject: (event: string) => `Votre commande pour ${event} : paiement à effectuer`,
    pendingTitle: 'Votre commande est réservée',
    pendingIntro: (name: string, event: string) =>
      `Bonjour ${name}, votre commande pour ${event} est enregistrée et ses places vous sont réservées.`,
    pendingHow: (organizer: string, total: string, code: string) =>
      `Réglez ${total} à ${organizer} par virement, en espèces ou sur place, en indiquant le code de commande ${code}. Vos billets vous sont envoyés dès que le paiement est enregistré.`,
    pendingOwn: (organizer: string, total: string, code: string) =>
      `Réglez ${total} à ${organizer}, en indiquant le code de commande ${code}, comme suit :`,
    pendingAfter: 'Vos billets vous sont envoyés dès que le paiement est enregistré.',
    pdf: 'Vos billets sont joints en PDF, une page par billet : imprimez-le ou présentez-le sur votre téléphone.',
    download: 'Télécharger le PDF',
    code: (code: string) => `Code de commande : ${code}`,
    total: (total: string) => `Total : ${total}`,
    action: 'Voir votre commande',
    when: (when: string) => `Quand\u00a0: ${when}`,
    where: (where: string) => `Où\u00a0: ${where}`,
    organizer: (name: string) => `Organisé par ${name}.`,
    map: 'Ouvrir le plan',
    calendar: 'Ajouter à votre agenda (.ics)',
  },
} satisfies Record<Locale, unknown>;

export interface OrderMailInput {
  locale: Locale;
  to: string;
  buyerName: string;
  eventName: string;
  organizerName: string;
  code: string;
  totalMinor: number;
  currency: string;
  ticketCount: number;
  /** The buyer's order page (status and tickets with their QR codes). */
  link: string;
  /** The organiser's own way to pay an offline order, from the company settings. */
  offlineInstructions?: string | null;
  /** The tickets' PDF on the public API (paid orders). */
  pdfLink?: string;
  /** The event's date and time in its zone (./event-calendar.ts), its place and map, its calendar file. */
  when?: string;
  where?: string[];
  mapUrl?: string | null;
  calendarLink?: string;
}

/** When, where (with the map) and who organises: the same lines in both order mails. */
function eventLines(input: OrderMailInput) {
  const t = TEXT[input.locale];
  const lines: string[] = [];
  if (input.when) lines.push(t.when(input.when));
  if (input.where && input.where.length > 0) lines.push(t.where(input.where.join(', ')));
  if (input.organizerName) lines.push(t.organizer(input.organizerName));
  const links = [
    ...(input.mapUrl ? [{ label: t.map, href: input.mapUrl }] : []),
    ...(input.calendarLink ? [{ label: t.calendar, href: input.calendarLink }] : []),
  ];
  const text = links.map((link) => `${link.label}: ${link.href}\n`).join('');
  return { lines, links, text };
}

/** The mail of a completed order: its tickets, through the link to the order page. */
export function ticketsMail(input: OrderMailInput): MailMessage {
  const t = TEXT[input.locale];
  const total = formatMoney(input.totalMinor, input.currency, input.locale);
  const event = eventLines(input);
  const lines = [
    t.paidIntro(input.buyerName, input.ticketCount, input.eventName),
    ...event.lines,
    t.pdf,
    t.code(input.code),
    t.total(total),
  ];
  const download = input.pdfLink ? `${t.download}: ${input.pdfLink}\n` : '';
  return {
    to: input.to,
    subject: t.paidSubject(input.eventName),
    text: `${lines.join('\n\n')}\n\n${t.action}: ${input.link}\n${download}${event.text}`,
    html: layout(t.paidTitle, lines, { label: t.action, href: input.link }, event.links),
  };
}

/** The mail of an order waiting for an offline payment: how to pay. */
export function paymentInstructionsMail(input: OrderMailInput): MailMessage {
  const t = TEXT[input.locale];
  const total = formatMoney(input.totalMinor, input.currency, input.locale);
  const own = input.offlineInstructions?.trim();
  const event = eventLines(input);
  const lines = own
    ? [
        t.pendingIntro(input.buyerName, input.eventName),
        ...event.lines,
        t.pendingOwn(input.organizerName, total, input.code),
        own,
        t.pendingAfter,
        t.code(input.code),
      ]
    : [
        t.pendingIntro(input.buyerName, input.eventName),
        ...event.lines,
        t.pendingHow(input.organizerName, total, input.code),
        t.code(input.code),
      ];
  return {
    to: input.to,
    subject: t.pendingSubject(input.eventName),
    text: `${lines.join('\n\n')}\n\n${t.action}: ${input.link}\n${event.text}`,
    html: layout(t.pendingTitle, lines, { label: t.action, href: input.link }, event.links),
  };
}
