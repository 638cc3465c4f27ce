import type { Page } from '@guichet/shared/paging';
import type { Conflict } from '@guichet/shared/scan';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { LARGEST_PAGE, pagePath, readAllPages } from '../../../lib/paging';
import { checkinKeys } from './keys';

/**
 * `GET /events/{id}/checkin-conflicts?status=all`: open and resolved conflicts together, so one list feeds
 * the inbox and its history; every page (double admissions by offline scanners are rare), so the count of
 * open ones is whole.
 */
export function getConflicts(eventId: string, signal?: AbortSignal): Promise<Conflict[]> {
  return readAllPages((cursor) =>
    api.get<Page<Conflict>>(
      pagePath(eventPath(eventId, '/checkin-conflicts?status=all'), LARGEST_PAGE, cursor),
      {
        signal,
      },
    ),
  );
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
