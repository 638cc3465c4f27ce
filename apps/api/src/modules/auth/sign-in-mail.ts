import type { Locale } from '@guichet/shared/i18n';
import type { MailMessage } from '../mail/mail.repository';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

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
  const body = lines.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  return {
    to: input.to,
    subject: t.subject,
    text: `${lines.join('\n\n')}\n\n${t.action}: ${input.link}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(t.title)}</h1>${body}<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#1864ab;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p><p style="color:#555;font-size:12px">Guichet</p></body></html>`,
  };
}
