import type { Locale } from '@guichet/shared/i18n';
import type { MailMessage } from '../mail/mail.repository';
import { layout } from '../mail/templates';

const LINK_TEXT = {
  en: {
    subject: 'Your Guichet sign-in link',
    title: 'Sign in to Guichet',
    intro: (name: string) => `Hello ${name}, here is the link to sign in to Guichet.`,
    expiry: (minutes: number) =>
      `It can be used once, on a device where you type this e-mail address, and expires in ${minutes} minutes.`,
    ignore: 'If you did not ask for it, ignore this e-mail: nobody can sign in without it.',
    action: 'Sign in',
  },
  fr: {
    subject: 'Votre lien de connexion Guichet',
    title: 'Se connecter à Guichet',
    intro: (name: string) => `Bonjour ${name}, voici le lien pour vous connecter à Guichet.`,
    expiry: (minutes: number) =>
      `Il ne sert qu’une fois, sur un appareil où vous saisissez cette adresse e-mail, et expire dans ${minutes} minutes.`,
    ignore: 'Si vous ne l’avez pas demandé, ignorez cet e-mail : personne ne peut se connecter sans lui.',
    action: 'Se connecter',
  },
} satisfies Record<Locale, unknown>;

export function emailLinkMail(input: {
  locale: Locale;
  to: string;
  displayName: string;
  link: string;
  ttlMinutes: number;
}): MailMessage {
  const t = LINK_TEXT[input.locale];
  const lines = [t.intro(input.displayName), t.expiry(input.ttlMinutes), t.ignore];
  return {
    to: input.to,
    subject: t.subject,
    text: `${lines.join('\n\n')}\n\n${t.action}: ${input.link}\n`,
    html: layout(t.title, lines, { label: t.action, href: input.link }),
  };
}
