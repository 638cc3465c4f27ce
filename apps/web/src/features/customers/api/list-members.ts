import type { Member } from '@guichet/shared/customers';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

interface MemberPage {
  items: Member[];
  nextCursor: string | null;
}

/** `GET /member-lists/{id}/members`: one page, optionally searched by name or e-mail. */
export function getMembers(listId: string, q: string, cursor: string | null, signal?: AbortSignal) {
  const search = new URLSearchParams({ limit: '50' });
  if (q.trim()) search.set('q', q.trim());
  if (cursor) search.set('cursor', cursor);
  return api.get<MemberPage>(`/member-lists/${encodeURIComponent(listId)}/members?${search}`, { signal });
}

export function useMembers(listId: string, q: string) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: customerKeys.members(listId, q),
      queryFn: ({ pageParam, signal }) => getMembers(listId, q, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
    placeholderData: keepPreviousData,
  });
}
