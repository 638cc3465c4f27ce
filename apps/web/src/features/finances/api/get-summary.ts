import type { FinancesSummary } from '@guichet/shared/finances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financesKeys } from './keys';

/** `GET /finances/summary`: a period's figures per currency (ALL or FINANCE). */
export function getFinancesSummary(query: string, signal?: AbortSignal): Promise<FinancesSummary> {
  return api.get<FinancesSummary>(`/finances/summary?${query}`, { signal });
}

export const financesSummaryQueryOptions = (query: string) =>
  queryOptions({
    queryKey: financesKeys.summary(query),
    queryFn: ({ signal }) => getFinancesSummary(query, signal),
  });

/** The previous figures stay on screen while another period loads. */
export function useFinancesSummary(query: string) {
  return useQuery({ ...financesSummaryQueryOptions(query), placeholderData: keepPreviousData });
}
