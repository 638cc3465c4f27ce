import type { MapConfig } from '@guichet/shared/places';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/event-resource';

export function getMapConfig(signal?: AbortSignal): Promise<MapConfig> {
  return api.get<MapConfig>('/map/config', { signal });
}

/** The tile settings only change with a redeploy, so one fetch per session is enough. */
export function mapConfigQueryOptions() {
  return queryOptions({
    queryKey: eventKeys.mapConfig,
    queryFn: ({ signal }) => getMapConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useMapConfig() {
  return useQuery(mapConfigQueryOptions());
}
