import type { Funnel } from '@guichet/shared/acquisition';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acquisitionKeys } from './keys';

export interface FunnelParams {
  eventId: string | null;
  from: string;
  to: string;
  groupBy: 'channel' | 'link';
  model: 'last' | 'first';
  timeZone: string;
}

export function funnelSearch(params: FunnelParams): URLSearchParams {
  const search = new URLSearchParams({
    from: params.from,
    to: params.to,
    groupBy: params.groupBy,
    model: params.model,
    timeZone: params.timeZone,
  });
  if (params.eventId) search.set('eventId', params.eventId);
  return search;
}

/** `GET /acquisition/funnel`. */
export function getFunnel(params: FunnelParams, signal?: AbortSignal): Promise<Funnel> {
  return api.get<Funnel>(`/acquisition/funnel?${funnelSearch(params)}`, { signal });
}

export function funnelQueryOptions(params: FunnelParams) {
  return queryOptions({
    queryKey: [...acquisitionKeys.funnel, params] as const,
    queryFn: ({ signal }) => getFunnel(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFunnel(params: FunnelParams, enabled: boolean) {
  return useQuery({ ...funnelQueryOptions(params), enabled });
}
