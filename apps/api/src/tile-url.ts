/**
 * Map tile URL templates (Leaflet's `{s}`, `{z}`, `{x}`, `{y}` placeholders): their validation, and the
 * Content-Security-Policy source that lets the browser load their images.
 */

const PLACEHOLDERS = /\{[^{}]*\}/g;
const HAS_PLACEHOLDER = /\{[^{}]*\}/;

/** Why a tile URL template is unusable, or null when it is fine. */
export function tileUrlProblem(template: string): string | null {
  for (const placeholder of ['{z}', '{x}', '{y}']) {
    if (!template.includes(placeholder)) return `must contain ${placeholder}`;
  }
  let url: URL;
  try {
    // Placeholders are not valid in every part of a URL: check a filled-in example instead.
    url = new URL(template.replace(/\{s\}/g, 'a').replace(PLACEHOLDERS, '0'));
  } catch {
    return 'must be a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http(s) URL';
  const host = hostOf(template);
  // A CSP source can only wildcard the leftmost label of a host.
  if (
    host
      .split('.')
      .slice(1)
      .some((label) => HAS_PLACEHOLDER.test(label))
  ) {
    return 'may have a placeholder only in the first label of its host';
  }
  return null;
}

function hostOf(template: string): string {
  return template.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/, 1)[0] ?? '';
}

/**
 * The CSP source for a valid template's images: its origin, with a placeholder in the first host label
 * (`https://{s}.tile.example.org`) widened to any subdomain (`https://*.tile.example.org`).
 */
export function tileImageSource(template: string): string {
  const scheme = template.slice(0, template.indexOf('://')).toLowerCase();
  const [first = '', ...rest] = hostOf(template).toLowerCase().split('.');
  const label = HAS_PLACEHOLDER.test(first) ? '*' : first;
  return `${scheme}://${[label, ...rest].join('.')}`;
}
