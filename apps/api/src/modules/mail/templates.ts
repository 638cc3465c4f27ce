import type { Locale } from '@guichet/shared/i18n';
import { escapeHtml } from '../../html';
import type { MailMessage } from './mail.repository';

/** The HTML frame every mail shares. */
export function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; href: string },
  /** Plain links after the text (a map, a calendar file). */
  links: { label: string; href: string }[] = [],
): string {
  // Line breaks kept: organisers write payment instructions (bank details...) on several lines.
  const body = paragraphs.map((text) => `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`).join('');
  const extra = links
    .map((link) => `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`)
    .join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 16px;background:#1864ab;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${extra}${button}<p style="color:#555;font-size:12px">Guichet</p></body></html>`;
}

const RESET_TEXT = {
  en: {
    subject: 'Your Guichet password reset code',
    title: 'Reset your password',
    intro: (name: string) => `Hello ${name}, someone asked to reset the password of your Guichet account.`,
    code: (code: string) => `Your code: ${code}`,
    expiry: (minutes: number) => `It can be used once and expires in ${minutes} minutes.`,
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    action: 'Choose a new password',
  },
  fr: {
    subject: 'Votre code de réinitialisation Guichet',
    title: 'Réinitialiser votre mot de passe',
    intro: (name: string) =>
      `Bonjour ${name}, une réinitialisation du mot de passe de votre compte Guichet a été demandée.`,
    code: (code: string) => `Votre code : ${code}`,
    expiry: (minutes: number) => `Il ne peut servir qu’une fois et expire dans ${minutes} minutes.`,
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
    action: 'Choisir un nouveau mot de passe',
  },
} satisfies Record<Locale, unknown>;

export function passwordResetMail(input: {
  locale: Locale;
  to: string;
  displayName: string;
  code: string;
  link: string;
  ttlMinutes: number;
}): MailMessage {
  const t = RESET_TEXT[input.locale];
  const lines = [t.intro(input.displayName), t.code(input.code), t.expiry(input.ttlMinutes), t.ignore];
  return {
    to: input.to,
    subject: t.subject,
    text: `${lines.join('\n\n')}\n\n${t.action}: ${input.link}\n`,
    html: layout(t.title, lines, { label: t.action, href: input.link }),
  };
}
