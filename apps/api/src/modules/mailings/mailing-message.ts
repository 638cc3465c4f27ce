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
 * What every recipient of a mailing in one language receives, made once: the sanitiser's pass over the
 * body (for the plain part) and the page around it cost more than sending, and made again per recipient
 * they were most of the garbage a 20,000-recipient mailing left for the collector. Only the unsubscribe
 * link differs from one recipient to the next.
 */
export interface MailingTemplate {
  subject: string;
  /** The HTML before and after the unsubscribe link (the whole page when there is none). */
  htmlBefore: string;
  htmlAfter: string;
  /** The plain part without the unsubscribe line. */
  text: string;
  unsubscribeWord: string;
}

export function mailingTemplate(
  content: MailingContent,
  organiser: Organiser,
  language: MailingLanguage,
): MailingTemplate {
  const words = FOOTER[language];
  const why = content.kind === 'marketing' ? words.marketing(organiser.name) : words.update(organiser.name);
  const address = organiserLines(organiser);
  const footerHtml = `<p>${escapeHtml(why)}</p><p>${address.map(escapeHtml).join('<br>')}</p>`;
  return {
    subject: content.subject,
    htmlBefore: `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;max-width:600px;margin:auto;padding:24px">${content.bodyHtml}<hr><div style="color:#555;font-size:12px">${footerHtml}`,
    htmlAfter: '</div></body></html>',
    text: [textOf(content.bodyHtml), '--', why, ...address].filter((line) => line.length > 0).join('\n'),
    unsubscribeWord: words.unsubscribe,
  };
}

export const mailingLanguage = (language: string): MailingLanguage => (language === 'fr' ? 'fr' : 'en');

/** A recipient's message from its mailing's template: marketing mail adds the unsubscribe link and headers. */
export function messageFromTemplate(
  template: MailingTemplate,
  email: string,
  unsubscribe: string | null,
): Omit<MailMessage, 'attachments' | 'about'> {
  const link = unsubscribe
    ? `<p><a href="${escapeHtml(unsubscribe)}">${escapeHtml(template.unsubscribeWord)}</a></p>`
    : '';
  return {
    to: email,
    subject: template.subject,
    text: unsubscribe ? `${template.text}\n${template.unsubscribeWord}: ${unsubscribe}` : template.text,
    html: `${template.htmlBefore}${link}${template.htmlAfter}`,
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
  return messageFromTemplate(
    mailingTemplate(content, organiser, mailingLanguage(recipient.language)),
    recipient.email,
    unsubscribe,
  );
}
