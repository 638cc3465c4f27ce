import type { CheckinList } from '@guichet/shared/scan';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { checkinKeys } from './keys';

/** `GET /events/{id}/checkin-lists`: the event's lists, oldest first. */
export async function getCheckinLists(eventId: string, signal?: AbortSignal): Promise<CheckinList[]> {
  const page = await api.get<{ items: CheckinList[] }>(eventPath(eventId, '/checkin-lists'), { signal });
  return page.items;
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
