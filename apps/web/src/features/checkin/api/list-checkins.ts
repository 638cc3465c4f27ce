import type { CheckinLogPage } from '@guichet/shared/scan';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { checkinKeys } from './keys';

/** Scans per page: the last minutes at a busy door. */
export const CHECKIN_PAGE_SIZE = 20;

/** `GET /events/{id}/checkins`: the check-in log, newest first, admitted and refused scans alike. */
export function getCheckins(
  eventId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CheckinLogPage> {
  const search = new URLSearchParams({ limit: String(CHECKIN_PAGE_SIZE) });
  if (cursor) search.set('cursor', cursor);
  return api.get<CheckinLogPage>(eventPath(eventId, `/checkins?${search}`), { signal });
}

export function checkinsQueryOptions(eventId: string) {
  return infiniteQueryOptions({
    queryKey: checkinKeys.log(eventId),
    queryFn: ({ pageParam, signal }) => getCheckins(eventId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useCheckins(eventId: string) {
  return useInfiniteQuery(checkinsQueryOptions(eventId));
}
