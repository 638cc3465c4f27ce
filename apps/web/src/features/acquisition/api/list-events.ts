import type { Page } from '@guichet/shared/paging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LARGEST_PAGE, pagePath, readAllPages } from '../../../lib/paging';
import { acquisitionKeys } from './keys';

export interface AcquisitionEvent {
  id: string;
  name: string;
  startsAt: string;
  status: string;
}

/** `GET /acquisition/events`: the organisation's events, for the filter and the link form (every page). */
export async function getAcquisitionEvents(signal?: AbortSignal): Promise<{ items: AcquisitionEvent[] }> {
  const items = await readAllPages((cursor) =>
    api.get<Page<AcquisitionEvent>>(pagePath('/acquisition/events', LARGEST_PAGE, cursor), { signal }),
  );
  return { items };
}

export function acquisitionEventsQueryOptions() {
  return queryOptions({
    queryKey: acquisitionKeys.events,
    queryFn: ({ signal }) => getAcquisitionEvents(signal),
  });
}

export function useAcquisitionEvents() {
  return useQuery(acquisitionEventsQueryOptions());
}
