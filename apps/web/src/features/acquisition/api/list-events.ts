import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acquisitionKeys } from './keys';

export interface AcquisitionEvent {
  id: string;
  name: string;
  startsAt: string;
  status: string;
}

/** `GET /acquisition/events`: the organisation's events, for the filter and the link form. */
export function getAcquisitionEvents(signal?: AbortSignal): Promise<{ items: AcquisitionEvent[] }> {
  return api.get<{ items: AcquisitionEvent[] }>('/acquisition/events', { signal });
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
