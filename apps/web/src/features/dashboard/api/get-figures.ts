import type { DashboardFigures } from '@guichet/shared/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** `GET /dashboard/figures`: a period's figures against the previous one (ALL or DASHBOARD). */
export function getDashboardFigures(query: string, signal?: AbortSignal): Promise<DashboardFigures> {
  return api.get<DashboardFigures>(`/dashboard/figures?${query}`, { signal });
}

export const dashboardFiguresQueryOptions = (query: string) =>
  queryOptions({
    queryKey: dashboardKeys.figures(query),
    queryFn: ({ signal }) => getDashboardFigures(query, signal),
  });

/** The previous figures stay on screen while another period loads. */
export function useDashboardFigures(query: string) {
  return useQuery({ ...dashboardFiguresQueryOptions(query), placeholderData: keepPreviousData });
}
