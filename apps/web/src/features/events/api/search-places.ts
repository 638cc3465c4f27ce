import type { Place, PlaceList } from '@guichet/shared/places';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/event-resource';

/** The API refuses shorter queries. */
export const PLACE_QUERY_MIN = 2;

export function searchPlaces(query: string, signal?: AbortSignal): Promise<PlaceList> {
  const params = new URLSearchParams({ q: query, limit: '8' });
  return api.get<PlaceList>(`/places?${params}`, { signal });
}

/**
 * Suggestions for an (already debounced) query. The previous answer stays shown while the next loads, so
 * the list does not flicker as one types; places hardly change, so answers are kept a while.
 */
export function usePlaceSearch(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: eventKeys.places(trimmed),
    queryFn: ({ signal }) => searchPlaces(trimmed, signal),
    enabled: trimmed.length >= PLACE_QUERY_MIN,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    select: (data): Place[] => data.items,
  });
}
