import type { EventDetail } from '@guichet/shared/events';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { eventKeys, eventPath } from '../../../lib/event-resource';

export function getEvent(eventId: string, signal?: AbortSignal): Promise<EventDetail> {
  return api.get<EventDetail>(eventPath(eventId), { signal });
}

export function eventQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => getEvent(eventId, signal),
  });
}

export function useEvent(eventId: string) {
  return useQuery(eventQueryOptions(eventId));
}

/** Reads the event again now, whatever the cache holds, and caches the answer. */
export function useRefreshEvent(eventId: string): () => Promise<EventDetail> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.fetchQuery({ ...eventQueryOptions(eventId), staleTime: 0 }),
    [queryClient, eventId],
  );
}
