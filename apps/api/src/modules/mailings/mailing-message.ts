import sanitize from 'sanitize-html';
import { escapeHtml } from '../../html';
import type { MailMessage } from '../mail/mail.repository';
import { signUnsubscribeToken } from './unsubscribe-token';

export type MailingLanguage = 'en' | 'fr';

export interface Organiser {
  name: string;
  legalName: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

const FOOTER = {
  en: {
    marketing: (name: string) => `You receive this e-mail because you agreed to hear from ${name}.`,
    update: (name: string) => `You receive this e-mail because you hold tickets for an event of ${name}.`,
    unsubscribe: 'Unsubscribe',
  },
  fr: {
    marketing: (name: string) =>
      `Vous recevez cet e-mail car vous avez accepté d’avoir des nouvelles de ${name}.`,
    update: (name: string) =>
      `Vous recevez cet e-mail car vous avez des billets pour un événement de ${name}.`,
    unsubscribe: 'Se désinscrire',
  },
} satisfies Record<MailingLanguage, unknown>;

/** The organiser's name and postal address as one line each (what the footer of every mailing says). */
export function organiserLines(organiser: Organiser): string[] {
  const cityLine = [organiser.postalCode, organiser.city].filter(Boolean).join(' ');
  return [
    organiser.legalName || organiser.name,
    [organiser.addressLine1, organiser.addressLine2, cityLine, organiser.country].filter(Boolean).join(', '),
  ].filter((line) => line.length > 0);
}

/** The address a recipient's unsubscribe link goes to: the API's public unsubscribe endpoint. */
export function unsubscribeUrl(publicUrl: string, secret: Uint8Array, organizationId: string, email: string) {
  return `${publicUrl}/api/public/unsubscribe?token=${signUnsubscribeToken(secret, { organizationId, email })}`;
}

/** The text of sanitised HTML, for the plain part of the mail. */
function textOf(html: string): string {
  const withBreaks = html.replace(/<\/(p|h2|h3|h4|li|blockquote|pre)>|<br\s*\/?>/gi, '\n');
  return sanitize(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface MailingContent {
  kind: 'marketing' | 'event-update';
  subject: string;
  /** Already sanitised. */
  bodyHtml: string;
}

/**
 * One recipient's message: the organiser's text, then a footer with the organiser's name and postal
 * address; marketing mail adds the one-click unsubscribe link and headers (RFC 8058 and RFC 2369).
 */
export function mailingMessage(
  content: MailingContent,
  organiser: Organiser,
  recipient: { email: string; language: string },
  unsubscribe: string | null,
): Omit<MailMessage, 'attachments' | 'about'> {
  const language: MailingLanguage = recipient.language === 'fr' ? 'fr' : 'en';
  const words = FOOTER[language];
  const why = content.kind === 'marketing' ? words.marketing(organiser.name) : words.update(organiser.name);
  const address = organiserLines(organiser);
  const footerHtml = [
    `<p>${escapeHtml(why)}</p>`,
    `<p>${address.map(escapeHtml).join('<br>')}</p>`,
    unsubscribe ? `<p><a href="${escapeHtml(unsubscribe)}">${escapeHtml(words.unsubscribe)}</a></p>` : '',
  ].join('');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;max-width:600px;margin:auto;padding:24px">${content.bodyHtml}<hr><div style="color:#555;font-size:12px">${footerHtml}</div></body></html>`;
  const text = [
    textOf(content.bodyHtml),
    '--',
    why,
    ...address,
    unsubscribe ? `${words.unsubscribe}: ${unsubscribe}` : '',
  ]
    .filter((line) => line.length > 0)
    .join('\n');
  return {
    to: recipient.email,
    subject: content.subject,
    text,
    html,
    ...(unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
