import type { Locale } from '@guichet/shared/i18n';
import type { MailMessage } from '../mail/mail.repository';
import { layout } from '../mail/templates';

const TEXT = {
  en: {
    subject: (event: string) => `Your members' code for ${event}`,
    title: 'Your code',
    intro: (organizer: string, event: string) =>
      `Hello, here is the code to buy members' tickets for ${event}, organised by ${organizer}.`,
    code: (code: string) => `Your code: ${code}`,
    expiry: (minutes: number) => `It is good for one order within ${minutes} minutes.`,
    ignore: 'If you did not ask for it, ignore this e-mail: nothing is bought without the code.',
  },
  fr: {
    subject: (event: string) => `Votre code de membre pour ${event}`,
    title: 'Votre code',
    intro: (organizer: string, event: string) =>
      `Bonjour, voici le code pour acheter des billets réservés aux membres pour ${event}, organisé par ${organizer}.`,
    code: (code: string) => `Votre code\u00a0: ${code}`,
    expiry: (minutes: number) => `Il vaut pour une commande, dans les ${minutes} minutes.`,
    ignore: 'Si vous ne l’avez pas demandé, ignorez cet e-mail\u00a0: rien n’est acheté sans le code.',
  },
} satisfies Record<Locale, unknown>;

/** The one-time code of a members-only ticket type, mailed to the listed address that asked for it. */
export function memberCodeMail(input: {
  locale: Locale;
  to: string;
  code: string;
  eventName: string;
  organizerName: string;
  ttlMinutes: number;
}): MailMessage {
  const t = TEXT[input.locale];
  const lines = [
    t.intro(input.organizerName, input.eventName),
    t.code(input.code),
    t.expiry(input.ttlMinutes),
    t.ignore,
  ];
  return {
    to: input.to,
    subject: t.subject(input.eventName),
    text: `${lines.join('\n\n')}\n`,
    html: layout(t.title, lines),
  };
}
