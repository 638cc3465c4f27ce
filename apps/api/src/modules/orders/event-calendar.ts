import type { events } from '@guichet/db/schema/events';
import type { Locale } from '@guichet/shared/i18n';

/**
 * What buyers need to find the event: when (in the event's own zone, with the zone's name), where (the
 * venue with a map link, or the online link), and an iCalendar file to add it to their calendar. Used by
 * the order mails and the order page's "add to calendar".
 */

type EventRow = typeof events.$inferSelect;
export type CalendarEvent = Pick<
  EventRow,
  | 'id'
  | 'name'
  | 'startsAt'
  | 'endsAt'
  | 'timeZone'
  | 'locationType'
  | 'venueName'
  | 'venueAddress'
  | 'latitude'
  | 'longitude'
  | 'onlineUrl'
>;

/**
 * The formatters of one locale and zone, made once: building an `Intl.DateTimeFormat` costs far more than
 * formatting with it, and every buyer's order mail says when its event is (a rush made them a tenth of the
 * API's CPU per order). Locales are two and zones a few hundred, so the cache stays small.
 */
const formatters = new Map<
  string,
  { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }
>();
function formattersOf(locale: Locale, timeZone: string) {
  const key = `${locale} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat(locale, {
        timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
      time: new Intl.DateTimeFormat(locale, {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
      zone: new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
    };
    formatters.set(key, found);
  }
  return found;
}

/** The start and end as read at the venue, e.g. "Saturday 14 June 2026, 20:00 – 23:30 (CEST)". */
export function eventWhen(event: Pick<CalendarEvent, 'startsAt' | 'endsAt' | 'timeZone'>, locale: Locale) {
  const { day, time, zone: zoneName } = formattersOf(locale, event.timeZone);
  const zone =
    zoneName.formatToParts(event.startsAt).find((part) => part.type === 'timeZoneName')?.value ??
    event.timeZone;
  const sameDay = day.format(event.startsAt) === day.format(event.endsAt);
  const end = sameDay
    ? time.format(event.endsAt)
    : `${day.format(event.endsAt)} ${time.format(event.endsAt)}`;
  return `${day.format(event.startsAt)}, ${time.format(event.startsAt)} – ${end} (${zone})`;
}

/** The venue's lines, and a map link (by coordinates when known, else by address). */
export function eventWhere(event: CalendarEvent): { lines: string[]; mapUrl: string | null } {
  if (event.locationType === 'online')
    return { lines: event.onlineUrl ? [event.onlineUrl] : [], mapUrl: null };
  const lines = [event.venueName, event.venueAddress].filter((line): line is string => !!line);
  let mapUrl: string | null = null;
  if (event.latitude !== null && event.longitude !== null) {
    const lat = Number(event.latitude).toFixed(6);
    const lon = Number(event.longitude).toFixed(6);
    mapUrl = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  } else if (lines.length > 0) {
    mapUrl = `https://www.openstreetmap.org/search?query=${encodeURIComponent(lines.join(', '))}`;
  }
  return { lines, mapUrl };
}

// iCalendar (RFC 5545) ---------------------------------------------------------------------------------

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface CalendarInput {
  event: CalendarEvent;
  organizerName: string;
  organizerEmail: string | null;
  orderCode: string;
  /** The buyer's order page, with the tickets. */
  orderUrl: string;
}

/** One VEVENT in UTC (every calendar shows it in its reader's zone), its UID stable per order. */
export function eventIcs(input: CalendarInput, now = new Date()): string {
  const { event } = input;
  const where = eventWhere(event);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Guichet//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${input.orderCode}-${event.id}@guichet`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${escapeText(event.name)}`,
    ...(where.lines.length > 0 ? [`LOCATION:${escapeText(where.lines.join(', '))}`] : []),
    ...(event.latitude !== null && event.longitude !== null
      ? [`GEO:${Number(event.latitude).toFixed(6)};${Number(event.longitude).toFixed(6)}`]
      : []),
    `DESCRIPTION:${escapeText(`${input.organizerName} · ${input.orderCode}\n${input.orderUrl}`)}`,
    `URL:${input.orderUrl}`,
    ...(input.organizerEmail
      ? [
          `ORGANIZER;CN=${JSON.stringify(input.organizerName.replace(/"/g, "'"))}:mailto:${input.organizerEmail}`,
        ]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
