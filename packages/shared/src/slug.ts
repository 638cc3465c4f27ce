/**
 * A URL-friendly slug: accents folded, lower case, words joined by dashes, cut at `maxLength` without a
 * trailing dash; `fallback` when nothing is left (a name of symbols only).
 */
export function slugify(name: string, options: { maxLength: number; fallback: string }): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, options.maxLength)
    .replace(/-+$/, '');
  return slug || options.fallback;
}
