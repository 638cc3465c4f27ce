import { api } from '../../../lib/api-client';

/** `GET /events/:id/checkins.csv`: the event’s check-in log as the reader's spreadsheet expects it. */
export function exportCheckins(eventId: string, locale: 'en' | 'fr'): Promise<Blob> {
  return api.get<Blob>(`/events/${encodeURIComponent(eventId)}/checkins.csv?locale=${locale}`, {
    responseType: 'blob',
    timeoutMs: 120_000,
  });
}
