import { api } from '../../../lib/api-client';

/** `GET /events/:id/attendees.csv`: the event’s attendees (valid tickets of paid and awaiting orders) as the reader's spreadsheet expects it. */
export function exportAttendees(eventId: string, locale: 'en' | 'fr'): Promise<Blob> {
  return api.get<Blob>(`/events/${encodeURIComponent(eventId)}/attendees.csv?locale=${locale}`, {
    responseType: 'blob',
    timeoutMs: 120_000,
  });
}
