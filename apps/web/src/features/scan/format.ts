import { dateTimeFormat } from '../../lib/date-format';
/** Hours and minutes in the staff member's language (the door works in local time). */
export function formatTime(iso: string, locale: string, timeZone?: string): string {
  try {
    return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
  } catch {
    return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  }
}
