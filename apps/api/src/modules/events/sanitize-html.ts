import sanitize from 'sanitize-html';

/**
 * Event descriptions (the rich-text editor's output) go through `sanitize-html`, a maintained allow-list
 * sanitiser built on a real HTML parser: only the tags below survive, links keep an http(s) or mailto
 * `href` and nothing else, every other attribute is dropped, and the content of script-like elements is
 * removed, so the result can be inserted as HTML anywhere.
 */
const ALLOWED_TAGS = [
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
];

const SAFE: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Elements removed with everything inside them.
  nonTextTags: [
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
  ],
};

/**
 * Links that kept their address open elsewhere without handing over this page or its ranking. A pass of
 * its own because the library applies its transforms before its scheme check: only the first pass knows
 * which addresses survive.
 */
const LINKS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel'] },
  transformTags: {
    a: (tagName, attribs) => {
      const kept: sanitize.Attributes = {};
      if (attribs.href) Object.assign(kept, { href: attribs.href, rel: 'noopener noreferrer nofollow' });
      return { tagName, attribs: kept };
    },
  },
};

export function sanitizeHtml(input: string): string {
  return sanitize(sanitize(input, SAFE), LINKS);
}
