import type { ListHistoryEntry } from '@guichet/shared/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** `GET /member-lists/{id}/history`: who added or removed whom, newest first. */
export function getListHistory(listId: string, signal?: AbortSignal): Promise<ListHistoryEntry[]> {
  return api.get<ListHistoryEntry[]>(`/member-lists/${encodeURIComponent(listId)}/history`, { signal });
}

export function listHistoryQueryOptions(listId: string) {
  return queryOptions({
    queryKey: customerKeys.history(listId),
    queryFn: ({ signal }) => getListHistory(listId, signal),
  });
}

export function useListHistory(listId: string) {
  return useQuery(listHistoryQueryOptions(listId));
}
