import type { Conflict } from '@guichet/shared/scan';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { checkinKeys } from './keys';

/**
 * `GET /events/{id}/checkin-conflicts?status=all`: open and resolved conflicts together, so one request
 * feeds the inbox and its history.
 */
export async function getConflicts(eventId: string, signal?: AbortSignal): Promise<Conflict[]> {
  const page = await api.get<{ items: Conflict[] }>(eventPath(eventId, '/checkin-conflicts?status=all'), {
    signal,
  });
  return page.items;
}

export function conflictsQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: checkinKeys.conflicts(eventId),
    queryFn: ({ signal }) => getConflicts(eventId, signal),
  });
}

export function useConflicts(eventId: string) {
  return useQuery(conflictsQueryOptions(eventId));
}
