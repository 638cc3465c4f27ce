import type { RecipientPage, RecipientStatus } from '@guichet/shared/mailings';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailingKeys } from './keys';

/** `GET /mailings/:id/recipients`: each recipient's status, a cursor page at a time. */
export function getRecipients(
  mailingId: string,
  status: RecipientStatus | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<RecipientPage> {
  const query = new URLSearchParams({ limit: '50' });
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return api.get<RecipientPage>(`/mailings/${mailingId}/recipients?${query}`, { signal });
}

export function recipientsQueryOptions(mailingId: string, status: RecipientStatus | null) {
  return infiniteQueryOptions({
    queryKey: mailingKeys.recipients(mailingId, status ?? 'all'),
    queryFn: ({ pageParam, signal }) => getRecipients(mailingId, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useRecipients(mailingId: string, status: RecipientStatus | null) {
  return useInfiniteQuery(recipientsQueryOptions(mailingId, status));
}
