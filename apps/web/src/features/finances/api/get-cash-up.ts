import type { CashUp } from '@guichet/shared/finances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ORG_SCOPE } from '../../../lib/query-client';

/** `GET /finances/cash-up`: what staff took by event, person and method (ALL or FINANCE). */
export function getCashUp(query: string, signal?: AbortSignal): Promise<CashUp> {
  return api.get<CashUp>(`/finances/cash-up?${query}`, { signal });
}

export const cashUpQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [ORG_SCOPE, 'finances', 'cash-up', query] as const,
    queryFn: ({ signal }) => getCashUp(query, signal),
  });

export function useCashUp(query: string) {
  return useQuery({ ...cashUpQueryOptions(query), placeholderData: keepPreviousData });
}
