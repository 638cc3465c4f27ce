import type { ListHistoryEntry } from '@guichet/shared/customers';
import type { Page } from '@guichet/shared/paging';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pagePath } from '../../../lib/paging';
import { customerKeys } from './keys';

/** `GET /member-lists/{id}/history`: a page of who added or removed whom, newest first. */
export function getListHistory(
  listId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<ListHistoryEntry>> {
  return api.get<Page<ListHistoryEntry>>(
    pagePath(`/member-lists/${encodeURIComponent(listId)}/history`, 50, cursor),
    { signal },
  );
}

export function listHistoryQueryOptions(listId: string) {
  return infiniteQueryOptions({
    queryKey: customerKeys.history(listId),
    queryFn: ({ pageParam, signal }) => getListHistory(listId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useListHistory(listId: string) {
  return useInfiniteQuery(listHistoryQueryOptions(listId));
}
