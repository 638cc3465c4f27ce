import type { TrackingLinksPage } from '@guichet/shared/acquisition';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acquisitionKeys } from './keys';

/** `GET /acquisition/links`: tracking links, newest first, by cursor pages. */
export function getTrackingLinks(
  params: { eventId: string | null; cursor?: string | null },
  signal?: AbortSignal,
): Promise<TrackingLinksPage> {
  const search = new URLSearchParams({ limit: '50' });
  if (params.eventId) search.set('eventId', params.eventId);
  if (params.cursor) search.set('cursor', params.cursor);
  return api.get<TrackingLinksPage>(`/acquisition/links?${search}`, { signal });
}

export function trackingLinksQueryOptions(eventId: string | null) {
  return infiniteQueryOptions({
    queryKey: [...acquisitionKeys.links, { eventId }] as const,
    queryFn: ({ pageParam, signal }) => getTrackingLinks({ eventId, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useTrackingLinks(eventId: string | null) {
  return useInfiniteQuery(trackingLinksQueryOptions(eventId));
}
