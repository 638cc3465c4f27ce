import type { EventDetail } from '@guichet/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventPath } from './event-mutation';
import { eventKeys } from './keys';

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
