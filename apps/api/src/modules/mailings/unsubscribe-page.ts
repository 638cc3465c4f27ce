import { escapeHtml } from '../../html';

const WORDS = {
  en: {
    confirm: {
      title: 'Unsubscribe',
      text: 'Stop receiving news by e-mail from this organiser? Mail about tickets you buy keeps coming.',
    },
    done: {
      title: 'You are unsubscribed',
      text: 'You will no longer receive news by e-mail from this organiser.',
    },
    invalid: { title: 'This link does not work', text: 'The unsubscribe link is incomplete or was altered.' },
    button: 'Unsubscribe',
  },
  fr: {
    confirm: {
      title: 'Se désinscrire',
      text: 'Ne plus recevoir de nouvelles par e-mail de cet organisateur ? Les e-mails de vos billets continuent d’arriver.',
    },
    done: {
      title: 'Vous êtes désinscrit',
      text: 'Vous ne recevrez plus de nouvelles par e-mail de cet organisateur.',
    },
    invalid: {
      title: 'Ce lien ne fonctionne pas',
      text: 'Le lien de désinscription est incomplet ou a été modifié.',
    },
    button: 'Se désinscrire',
  },
} as const;

/** The reader's language from `Accept-Language`: French when preferred before English, else English. */
function languageOf(acceptLanguage: string | undefined): 'en' | 'fr' {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('fr') ? 'fr' : 'en';
}

/**
 * The unsubscribe pages, plain server-rendered HTML (no script, no sign-in): the confirmation asks with a
 * form that POSTs to the same address, so merely opening the link (or a mail scanner fetching it) changes
 * nothing.
 */
export function unsubscribePage(state: 'confirm' | 'done' | 'invalid', acceptLanguage: string | undefined) {
  const language = languageOf(acceptLanguage);
  const words = WORDS[language];
  const { title, text } = words[state];
  const form =
    state === 'confirm'
      ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(words.button)}</button></form>`
      : '';
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}</main></body></html>`;
}
