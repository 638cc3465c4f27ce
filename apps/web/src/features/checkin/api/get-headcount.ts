import type { Headcount } from '@guichet/shared/scan';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { checkinKeys } from './keys';

/** `GET /events/{id}/headcount`: the figures as they are now; the stream keeps them current afterwards. */
export function getHeadcount(eventId: string, signal?: AbortSignal): Promise<Headcount> {
  return api.get<Headcount>(eventPath(eventId, '/headcount'), { signal });
}

export function headcountQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: checkinKeys.headcount(eventId),
    queryFn: ({ signal }) => getHeadcount(eventId, signal),
  });
}

export function useHeadcount(eventId: string) {
  return useQuery(headcountQueryOptions(eventId));
}
