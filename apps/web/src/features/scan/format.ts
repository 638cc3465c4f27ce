/** Hours and minutes in the staff member's language (the door works in local time). */
export function formatTime(iso: string, locale: string, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(
      new Date(iso),
    );
  } catch {
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  }
}
