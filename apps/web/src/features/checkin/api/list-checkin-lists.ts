import type { Page } from '@guichet/shared/paging';
import type { CheckinList } from '@guichet/shared/scan';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { LARGEST_PAGE, pagePath, readAllPages } from '../../../lib/paging';
import { checkinKeys } from './keys';

/** `GET /events/{id}/checkin-lists`: the event's lists, oldest first, every page (an event has a few doors). */
export function getCheckinLists(eventId: string, signal?: AbortSignal): Promise<CheckinList[]> {
  return readAllPages((cursor) =>
    api.get<Page<CheckinList>>(pagePath(eventPath(eventId, '/checkin-lists'), LARGEST_PAGE, cursor), {
      signal,
    }),
  );
}

export function checkinListsQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: checkinKeys.lists(eventId),
    queryFn: ({ signal }) => getCheckinLists(eventId, signal),
  });
}

export function useCheckinLists(eventId: string) {
  return useQuery(checkinListsQueryOptions(eventId));
}
