import type { AttendeeResult } from '@guichet/shared/scan';
import { REDEEM_TIMEOUT_MS, scanApi } from './scan-client';

/** `GET /events/{id}/checkin-attendees`: attendees by name or code, for check-in by hand (EVENT or ALL). */
export async function searchAttendees(
  organizationId: string,
  eventId: string,
  q: string,
  signal?: AbortSignal,
): Promise<AttendeeResult[]> {
  const query = new URLSearchParams({ q, limit: '20' });
  const path = `/events/${encodeURIComponent(eventId)}/checkin-attendees?${query}`;
  const page = await scanApi.get<{ items: AttendeeResult[] }>(path, {
    organizationId,
    timeoutMs: REDEEM_TIMEOUT_MS,
    signal,
  });
  return page.items;
}
