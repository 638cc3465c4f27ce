import { API_BASE_URL } from '../../../lib/http-client';

/** The order's event as an iCalendar file ("add to calendar"), downloaded by the browser itself. */
export function calendarFileUrl(code: string): string {
  return `${API_BASE_URL}/public/orders/${encodeURIComponent(code)}/calendar.ics`;
}
