import { escapeHtml } from '../../html';
import { languageOf } from '../../plugins/page-preloads';

const WORDS = {
  en: {
    title: 'Link not found',
    text: 'This link does not exist (any more). Check the address on the poster or message you were given.',
    back: 'Go to the start page',
  },
  fr: {
    title: 'Lien introuvable',
    text: 'Ce lien n’existe pas (ou plus). Vérifiez l’adresse de l’affiche ou du message que vous avez reçu.',
    back: 'Aller à la page d’accueil',
  },
} as const;

// The app's 404 (apps/web/src/app/layouts/not-found-layout.tsx) drawn without its script: the same
// centred column, dimmed "404", title, text and a primary button (Mantine's blue, shade 8, radius md).
const STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;color:#000;background:#fff;line-height:1.55}' +
  'main{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;box-sizing:border-box}' +
  'div{max-width:480px;text-align:center;display:flex;flex-direction:column;align-items:center;gap:16px}' +
  '.code{font-size:64px;font-weight:800;color:#868e96;line-height:1}' +
  'h1{margin:0;font-size:34px;line-height:1.3}p{margin:0}' +
  'a{display:inline-block;background:#1971c2;color:#fff;text-decoration:none;font-weight:600;font-size:14px;padding:8px 18px;border-radius:8px}';

/** The page `/t/<code>` answers when no tracking link has that code, in the reader's language. */
export function shortLinkNotFoundPage(acceptLanguage: string | undefined): string {
  const language = languageOf(acceptLanguage);
  const words = WORDS[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(words.title)}</title><style>${STYLE}</style></head><body><main><div><span class="code" aria-hidden="true">404</span><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.text)}</p><a href="/">${escapeHtml(words.back)}</a></div></main></body></html>`;
}
