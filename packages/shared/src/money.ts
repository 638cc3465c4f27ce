/**
 * The one money module of the web app and the API (schemas, e-mails, PDFs). Amounts are integer minor units
 * (cents) plus an ISO 4217 currency; what people type and read is a decimal. The conversion works on the
 * digits as text, never through a float, so 19.99 is 1999 and not 1998.9999.
 */
/** The largest unit price of a ticket type, in minor units (100 million in the major unit). */
export const MAX_PRICE_MINOR = 100_000_000_00;

/**
 * The largest amount of one order, the cap of totals and refunds: every ticket of an order at the largest
 * price (`MAX_TICKETS_PER_ORDER` is 100; written out here so that money imports no schema).
 */
export const MAX_AMOUNT_MINOR = MAX_PRICE_MINOR * 100;

// Making a number format costs far more than using one (it loads locale data): one per locale and currency.
const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** How many decimals the currency has: 2 for EUR, 0 for JPY, 3 for BHD. */
export function currencyDigits(currency: string): number {
  return currencyFormat('en', currency).resolvedOptions().maximumFractionDigits ?? 2;
}

export type MoneyParse =
  | { ok: true; minor: number }
  | { ok: false; reason: 'empty' | 'invalid' | 'too-precise' | 'too-large' };

/**
 * Reads a typed amount: digits with one optional decimal separator, `.` or `,` (French keyboards), and
 * spaces or apostrophes between groups of thousands. More decimals than the currency has is refused rather
 * than rounded: the organiser sees exactly the price buyers will pay.
 */
export function parseMoney(input: string, currency: string): MoneyParse {
  const text = input.replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return { ok: false, reason: 'empty' };
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, whole = '', fraction = ''] = match;
  const digits = currencyDigits(currency);
  if (fraction.replace(/0+$/, '').length > digits) return { ok: false, reason: 'too-precise' };
  const minorText = (whole + fraction.padEnd(digits, '0').slice(0, digits)).replace(/^0+(?=\d)/, '');
  if (minorText.length > String(MAX_PRICE_MINOR).length) return { ok: false, reason: 'too-large' };
  const minor = Number(minorText);
  return minor > MAX_PRICE_MINOR ? { ok: false, reason: 'too-large' } : { ok: true, minor };
}

/** Minor units as a plain decimal ("12.50", "1500" for JPY), to fill a price field for editing. */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A price for reading, in the language in use ("12,50 €", "€12.50"); formatted from the exact decimal. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return currencyFormat(locale, currency).format(
    minorToDecimal(minor, currency) as Intl.StringNumericLiteral,
  );
}
