import { dateTimeFormat } from '../../lib/date-format';
/**
 * A date and time as seen in the event's time zone (not the buyer's: a buyer abroad must read the time
 * printed at the venue), with the zone's short name so the reading is unambiguous.
 */
export function formatEventDate(iso: string, timeZone: string, locale: string): string {
  return dateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The end time alone when the event ends the same day (in its zone), otherwise the full date. */
export function formatEventEnd(startIso: string, endIso: string, timeZone: string, locale: string): string {
  const day = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));
  if (day(startIso) !== day(endIso)) return formatEventDate(endIso, timeZone, locale);
  return dateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(endIso));
}
