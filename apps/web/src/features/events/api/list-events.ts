import type { EventPage } from '@guichet/shared/events';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/event-resource';
import { apiQuery, type EventListFilters } from '../list/filters';

/** Events per page: enough to fill a screen and give the map a useful picture. */
const PAGE_SIZE = 25;

export function getEvents(
  filters: EventListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<EventPage> {
  // "Now" is taken at each fetch, so a refetch of "upcoming" drops the events that have ended since.
  const search = new URLSearchParams({ ...apiQuery(filters, new Date()), limit: String(PAGE_SIZE) });
  if (cursor) search.set('cursor', cursor);
  return api.get<EventPage>(`/events?${search}`, { signal });
}

export function eventsQueryOptions(filters: EventListFilters) {
  return infiniteQueryOptions({
    queryKey: [...eventKeys.lists, filters] as const,
    queryFn: ({ pageParam, signal }) => getEvents(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The previous results stay on screen while another filter loads, instead of flashing a skeleton. */
export function useEvents(filters: EventListFilters) {
  return useInfiniteQuery({ ...eventsQueryOptions(filters), placeholderData: keepPreviousData });
}

/**
 * Whether the organisation has any event at all; asked only when a filtered list comes back empty, to tell
 * "nothing matches" from "nothing yet".
 */
export function useHasEvents(enabled: boolean) {
  return useQuery({
    queryKey: [...eventKeys.lists, 'any'] as const,
    queryFn: ({ signal }) =>
      api.get<EventPage>('/events?limit=1', { signal }).then((page) => page.items.length > 0),
    enabled,
  });
}
