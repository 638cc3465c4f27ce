/**
 * The one way the web app writes dates and times: in the reader's language and region. The app's language
 * (`en`, `fr`) takes the region the browser prefers for it (`en-US` keeps its 12-hour clock), and without
 * one the European default: `en-GB` and `fr-FR`, 24-hour clock and day before month. `Intl` given a bare
 * `en` would write US dates.
 */
export function dateLocale(language: string, preferred: readonly string[] = browserLanguages()): string {
  if (language.includes('-')) return language;
  const match = preferred.find((tag) => tag.toLowerCase().startsWith(`${language.toLowerCase()}-`));
  return match ?? (language === 'fr' ? 'fr-FR' : 'en-GB');
}

/** The reader's languages when the server draws a page (from `Accept-Language`): it has no navigator. */
let requestLanguages: readonly string[] = [];

export function setRequestLanguages(tags: readonly string[]): void {
  requestLanguages = tags;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return requestLanguages;
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `Intl.DateTimeFormat` for the app's language (see `dateLocale`), cached: formats are costly to build and
 * lists format hundreds of dates. Throws as `Intl` does for a zone the browser does not know.
 */
export function dateTimeFormat(
  language: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const locale = dateLocale(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formats.set(key, found);
  }
  return found;
}
