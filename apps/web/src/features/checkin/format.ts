import { dateTimeFormat } from '../../lib/date-format';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, timeZone: string, withZone: boolean): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${withZone}`;
  let found = formats.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions = {
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      ...(withZone ? { year: 'numeric', timeZoneName: 'short' } : { second: '2-digit' }),
    };
    try {
      found = dateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // A zone this browser does not know: the instant is still right, in UTC and labelled so.
      found = dateTimeFormat(locale, { ...options, timeZone: 'UTC', timeZoneName: 'short' });
    }
    formats.set(key, found);
  }
  return found;
}

/**
 * A scan's time as the door staff lived it: in the event's zone (not the viewer's), to the second, since
 * the order of two scans at a busy gate matters.
 */
export function formatScanTime(instant: string, timeZone: string, locale: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : format(locale, timeZone, false).format(date);
}

/** A list's window bound, with the zone's abbreviation. */
export function formatWindowTime(instant: string, timeZone: string, locale: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : format(locale, timeZone, true).format(date);
}

/** Both ends of a window in one range ("Jul 14, 2026, 6:00 – 11:30 PM GMT+2"). */
export function formatWindow(startsAt: string, endsAt: string, timeZone: string, locale: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${startsAt} – ${endsAt}`;
  return format(locale, timeZone, true).formatRange(start, end);
}

/** The end of a device id is enough to tell the phones of one event apart. */
export function shortDevice(deviceId: string): string {
  return deviceId.length > 12 ? `…${deviceId.slice(-8)}` : deviceId;
}
