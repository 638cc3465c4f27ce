import type { MailingPage } from '@guichet/shared/mailings';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailingKeys } from './keys';

/** `GET /mailings`: newest first, a cursor page at a time. */
export function getMailings(cursor: string | null, signal?: AbortSignal): Promise<MailingPage> {
  const query = new URLSearchParams({ limit: '25' });
  if (cursor) query.set('cursor', cursor);
  return api.get<MailingPage>(`/mailings?${query}`, { signal });
}

export function mailingsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: mailingKeys.list,
    queryFn: ({ pageParam, signal }) => getMailings(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Progress moves while mailings are sent.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((m) => m.status === 'sending')) ? 3000 : false,
  });
}

export function useMailings() {
  return useInfiniteQuery(mailingsQueryOptions());
}
