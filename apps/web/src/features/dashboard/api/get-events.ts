import type { DashboardEvents } from '@guichet/shared/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** `GET /dashboard/events`: upcoming events and events happening now (ALL or DASHBOARD). */
export function getDashboardEvents(signal?: AbortSignal): Promise<DashboardEvents> {
  return api.get<DashboardEvents>('/dashboard/events', { signal });
}

export const dashboardEventsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.events, queryFn: ({ signal }) => getDashboardEvents(signal) });

export function useDashboardEvents() {
  return useQuery(dashboardEventsQueryOptions());
}
