import pg from 'pg';

/**
 * PostgreSQL's `timestamptz` as text (`2026-11-26 19:10:13.123456+01`, DateStyle ISO) to a Date, read
 * character by character. pg's own parser runs three regular expressions per value: about 0.7 µs, which
 * on a page of fifty customers was a tenth of the API's work. Anything but that one shape (BC, a year
 * under 100 or over 9999, infinity, another DateStyle) goes to pg's parser, so the answer is its answer.
 */
export function parseTimestamptz(text: string): Date | number | null {
  return fastTimestamptz(text) ?? (defaultParser(text) as Date | number | null);
}

const TIMESTAMPTZ = pg.types.builtins.TIMESTAMPTZ;
const defaultParser = pg.types.getTypeParser(TIMESTAMPTZ, 'text');

/** The type parsers of this project's pools: pg's, but `timestamptz` by `parseTimestamptz`. */
export const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ && format !== 'binary'
      ? parseTimestamptz
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const ZERO = 48;

/** The value of `count` digits from `at`, or -1 when one of them is not a digit. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i += 1) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function fastTimestamptz(text: string): Date | null {
  if (text.length < 22 || text.length > 35) return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (
    year < 100 ||
    month < 1 ||
    day < 1 ||
    hour < 0 ||
    minute < 0 ||
    second < 0 ||
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 || // space
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58
  )
    return null;
  let at = 19;
  let millisecond = 0;
  if (text.charCodeAt(at) === 46) {
    // A fraction of 1 to 6 digits: its milliseconds, the rest truncated (as Date.UTC truncates).
    at += 1;
    const start = at;
    while (at < text.length && at - start < 6) {
      const digit = text.charCodeAt(at) - ZERO;
      if (digit < 0 || digit > 9) break;
      if (at - start < 3) millisecond += digit * 10 ** (2 - (at - start));
      at += 1;
    }
    if (at === start) return null;
  }
  const sign = text.charCodeAt(at);
  if (sign !== 43 && sign !== 45) return null; // + or -
  const offsetHours = digits(text, at + 1, 2);
  if (offsetHours < 0) return null;
  // The offset: +HH, +HH:MM or +HH:MM:SS (local mean times of the 19th century have seconds).
  const rest = text.length - (at + 3);
  const offsetMinutes = rest >= 3 ? digits(text, at + 4, 2) : 0;
  const offsetSecondsPart = rest === 6 ? digits(text, at + 7, 2) : 0;
  if (
    (rest !== 0 && rest !== 3 && rest !== 6) ||
    (rest >= 3 && text.charCodeAt(at + 3) !== 58) ||
    (rest === 6 && text.charCodeAt(at + 6) !== 58) ||
    offsetMinutes < 0 ||
    offsetSecondsPart < 0
  )
    return null;
  const offsetSeconds = offsetHours * 3600 + offsetMinutes * 60 + offsetSecondsPart;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  return new Date(utc - (sign === 43 ? 1 : -1) * offsetSeconds * 1000);
}
