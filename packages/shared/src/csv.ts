/**
 * The one CSV writer of the web app and the API: exports open as their readers' spreadsheets expect.
 * - UTF-8 with a byte order mark: without it, spreadsheets read the file in their local code page and
 *   garble accents.
 * - The reader's conventions: French spreadsheets split on semicolons and read a decimal comma, so a French
 *   export uses both; English ones use commas and decimal points.
 * - Amounts are decimal numbers written from integer minor units (never through a float), dates are
 *   `YYYY-MM-DD HH:MM:SS` in a named time zone: both are cells a spreadsheet recognises and can add up or sort.
 * - Text that a spreadsheet would run as a formula (OWASP "CSV injection") is defused with a leading quote.
 * - Rows end with CRLF (RFC 4180); fields are quoted when they hold the separator, a quote or a line break.
 * Rows are written one at a time (`csvRow`), so a long export can be streamed.
 */
import { minorToDecimal } from './money';

export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
}

/** A decimal amount cell, from integer minor units. */
export interface CsvAmount {
  kind: 'amount';
  minor: number;
  currency: string;
}

/** A date and time cell, written as the wall-clock time of `timeZone`. */
export interface CsvDateTime {
  kind: 'date-time';
  at: Date;
  timeZone: string;
}

/** A calendar day cell (`YYYY-MM-DD`), for periods and due dates that have no time. */
export interface CsvDay {
  kind: 'day';
  day: string;
}

export type CsvValue = string | number | CsvAmount | CsvDateTime | CsvDay | null | undefined;

export const CSV_BOM = '\uFEFF';

const COMMA_DECIMAL_LANGUAGES = new Set(['fr', 'de', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'fi', 'nb']);

/** The conventions of a language's spreadsheets: `fr` and other decimal-comma languages use semicolons. */
export function csvDialect(locale: string): CsvDialect {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? 'en';
  return COMMA_DECIMAL_LANGUAGES.has(language)
    ? { separator: ';', decimal: ',' }
    : { separator: ',', decimal: '.' };
}

export const csvAmount = (minor: number, currency: string): CsvAmount => ({
  kind: 'amount',
  minor,
  currency,
});
export const csvDateTime = (at: Date | string, timeZone: string): CsvDateTime => ({
  kind: 'date-time',
  at: typeof at === 'string' ? new Date(at) : at,
  timeZone,
});
export const csvDay = (day: string): CsvDay => ({ kind: 'day', day });

/**
 * Characters that make a spreadsheet read a cell as a formula: a buyer named `=HYPERLINK(...)` must stay
 * text. Tab and carriage return are in the list because some apps strip them before looking at the first
 * character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

// Making a date format costs far more than using one: one per time zone.
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(at: Date, timeZone: string): string {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

function quoted(text: string, dialect: CsvDialect): string {
  const needsQuotes = text.includes(dialect.separator) || /["\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

function decimal(text: string, dialect: CsvDialect): string {
  return dialect.decimal === ',' ? text.replace('.', ',') : text;
}

/** One field. Numbers and amounts are ours: a negative one is a number, not a formula. */
export function csvCell(value: CsvValue, dialect: CsvDialect): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return quoted(decimal(String(value), dialect), dialect);
  if (typeof value === 'string') return quoted(FORMULA_START.test(value) ? `'${value}` : value, dialect);
  switch (value.kind) {
    case 'amount':
      return quoted(decimal(minorToDecimal(value.minor, value.currency), dialect), dialect);
    case 'date-time':
      return wallClock(value.at, value.timeZone);
    case 'day':
      return value.day;
  }
}

/** One row, with its CRLF. */
export function csvRow(values: readonly CsvValue[], dialect: CsvDialect): string {
  return `${values.map((value) => csvCell(value, dialect)).join(dialect.separator)}\r\n`;
}

/** A whole document: the byte order mark, then every row. For long exports, stream `CSV_BOM` and `csvRow`s. */
export function toCsv(rows: readonly (readonly CsvValue[])[], dialect: CsvDialect): string {
  return CSV_BOM + rows.map((row) => csvRow(row, dialect)).join('');
}
