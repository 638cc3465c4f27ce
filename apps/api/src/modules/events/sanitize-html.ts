import { escapeHtml } from '../../html';

/**
 * An allow-list HTML sanitiser for event descriptions (the rich-text editor's output). Only the tags
 * below survive, links keep an http(s) or mailto `href` and nothing else, every other attribute is
 * dropped, the content of script-like elements is removed, and all text is re-escaped, so the result
 * can be inserted as HTML anywhere.
 */
const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
]);
const VOID = new Set(['br', 'hr']);
/** Elements removed with everything inside them. */
const DROP_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
]);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)(>|$)/g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

const escapeText = (value: string) =>
  decodeEntities(value).replace(/[&<>]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;',
  );

function safeHref(raw: string): string | null {
  // Browsers ignore control characters and whitespace inside a scheme: compare without them.
  const decoded = decodeEntities(raw).trim();
  const compact = Array.from(decoded)
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('');
  return /^(https?:\/\/|mailto:)/i.test(compact) ? compact : null;
}

function openTag(name: string, attributes: string): string {
  if (name !== 'a') return `<${name}>`;
  let href: string | null = null;
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    if (match[1]?.toLowerCase() === 'href') href = safeHref(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">` : '<a>';
}

export function sanitizeHtml(input: string): string {
  let output = '';
  const open: string[] = [];
  let index = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(input); match; match = TOKEN.exec(input)) {
    output += escapeText(input.slice(index, match.index));
    index = TOKEN.lastIndex;
    const name = match[2]?.toLowerCase();
    if (!name) continue; // comment, CDATA, doctype, processing instruction
    const closing = match[1] === '/';
    if (!closing && DROP_CONTENT.has(name)) {
      const end = input.toLowerCase().indexOf(`</${name}`, index);
      if (end === -1) {
        index = input.length;
        break;
      }
      const close = input.indexOf('>', end);
      index = close === -1 ? input.length : close + 1;
      TOKEN.lastIndex = index;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) output += `</${open.pop()}>`;
      continue;
    }
    output += openTag(name, match[3] ?? '');
    if (!VOID.has(name)) open.push(name);
  }
  output += escapeText(input.slice(index));
  while (open.length > 0) output += `</${open.pop()}>`;
  return output;
}
