import type { LedgerEntryPage } from '@guichet/shared/finances';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financesKeys } from './keys';

/** `GET /finances/entries`: the ledger rows behind a figure, newest first (ALL or FINANCE). */
export function getLedgerEntries(query: string, cursor: string | null, signal?: AbortSignal) {
  const search = cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query;
  return api.get<LedgerEntryPage>(`/finances/entries?${search}`, { signal });
}

export const ledgerEntriesQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: financesKeys.entries(query),
    queryFn: ({ pageParam, signal }) => getLedgerEntries(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useLedgerEntries(query: string | null) {
  return useInfiniteQuery({ ...ledgerEntriesQueryOptions(query ?? ''), enabled: query !== null });
}
