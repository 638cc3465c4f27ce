import { dateTimeFormat as appDateTimeFormat } from '../../../lib/date-format';

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = appDateTimeFormat(locale, {
        timeZone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      });
    } catch {
      // A zone this browser does not know: the instant is still right, shown in UTC and labelled so.
      format = dateTimeFormat(locale, 'UTC');
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * An event's dates as its audience reads them: in the event's own time zone (not the viewer's), with the
 * zone's abbreviation, the end shortened when it falls on the same day ("Sat, Jun 14, 2025, 7:00 – 11:00 PM
 * GMT+2").
 */
export function formatEventDates(startsAt: string, endsAt: string, timeZone: string, locale: string): string {
  const format = dateTimeFormat(locale, timeZone);
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (Number.isNaN(start.getTime())) return startsAt;
  if (Number.isNaN(end.getTime()) || end <= start) return format.format(start);
  return format.formatRange(start, end);
}
