import type { Attention } from '@guichet/shared/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** `GET /dashboard/attention`: what needs attention, as counts (ALL or DASHBOARD). */
export function getAttention(signal?: AbortSignal): Promise<Attention> {
  return api.get<Attention>('/dashboard/attention', { signal });
}

export const attentionQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.attention, queryFn: ({ signal }) => getAttention(signal) });

export function useAttention() {
  return useQuery(attentionQueryOptions());
}
