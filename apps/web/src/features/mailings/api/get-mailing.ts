import type { Mailing } from '@guichet/shared/mailings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailingKeys } from './keys';

/** `GET /mailings/:id`: the mailing with its progress. */
export function getMailing(mailingId: string, signal?: AbortSignal): Promise<Mailing> {
  return api.get<Mailing>(`/mailings/${mailingId}`, { signal });
}

export function mailingQueryOptions(mailingId: string) {
  return queryOptions({
    queryKey: mailingKeys.detail(mailingId),
    queryFn: ({ signal }) => getMailing(mailingId, signal),
    // The progress bar follows the lane while the mailing is sent.
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 2000 : false),
  });
}

export function useMailing(mailingId: string) {
  return useQuery(mailingQueryOptions(mailingId));
}
