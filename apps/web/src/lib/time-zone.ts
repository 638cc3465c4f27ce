/**
 * Wall times ("2026-07-14T20:00", as a `datetime-local` field holds them) in an IANA time zone, converted
 * to and from UTC instants with Intl alone. An event's times are entered and shown in the event's zone,
 * whatever the zone of the browser doing the editing.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at `utcMs`, as milliseconds of a UTC date with the same fields. */
function wallClockMs(utcMs: number, timeZone: string): number {
  const parts = partsFormatter(timeZone).formatToParts(new Date(utcMs));
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour') % 24,
    field('minute'),
    field('second'),
  );
}

/** The zone's offset from UTC at that instant, in milliseconds (Paris in summer: +2 h). */
function offsetAt(utcMs: number, timeZone: string): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/** The browser's own zone, the default for a new event. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The instant (ISO 8601, UTC) of a wall time in `timeZone`, or null for text that is not a wall time. Like
 * Temporal's "compatible" rule: a time skipped by a clock change counts forward by the gap (02:30 on the
 * spring-forward night in Paris is 03:30 summer time), and a time that happens twice is its first
 * occurrence.
 */
export function wallTimeToUtc(wallTime: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((group) => Number(group ?? 0));
  const local = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  // Date.UTC rolls over out-of-range fields (30 February is 2 March): only fields that survive are real.
  if (new Date(local).toISOString().slice(0, 16) !== wallTime.slice(0, 16)) return null;
  // A zone changes its offset at most once within a day or so, so the offsets a day either side are the
  // only candidates; each that maps back to the same wall clock is a real reading of it.
  const before = offsetAt(local - DAY, timeZone);
  const after = offsetAt(local + DAY, timeZone);
  const readings = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((utc) => wallClockMs(utc, timeZone) === local);
  const utc = readings.length > 0 ? Math.min(...readings) : local - before;
  return new Date(utc).toISOString();
}

/** The wall time (`YYYY-MM-DDTHH:mm`) of an instant in `timeZone`, as a `datetime-local` field takes it. */
export function utcToWallTime(instant: string | number | Date, timeZone: string): string {
  const ms = new Date(instant).getTime();
  return new Date(wallClockMs(ms, timeZone)).toISOString().slice(0, 16);
}

/** A wall time moved by some minutes on the same clock (no zone involved), e.g. a default end from a start. */
export function shiftWallTime(wallTime: string, minutes: number): string {
  const ms = Date.parse(`${wallTime}Z`);
  return Number.isNaN(ms) ? wallTime : new Date(ms + minutes * MINUTE).toISOString().slice(0, 16);
}
