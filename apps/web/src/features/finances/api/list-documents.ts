import type { FinanceDocument } from '@guichet/shared/finances';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financesKeys } from './keys';

type Page = { items: FinanceDocument[]; nextCursor: string | null };

/** `GET /finances/documents`: receipts, invoices and credit notes, newest first (ALL or FINANCE). */
export function listDocuments(cursor: string | null, signal?: AbortSignal): Promise<Page> {
  return api.get<Page>(`/finances/documents?limit=50${cursor ? `&cursor=${cursor}` : ''}`, { signal });
}

export const documentsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...financesKeys.all, 'documents'] as const,
    queryFn: ({ pageParam, signal }) => listDocuments(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useDocuments() {
  return useInfiniteQuery(documentsQueryOptions());
}
