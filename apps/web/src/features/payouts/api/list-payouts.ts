import type { PayoutList, ReconciliationState } from '@guichet/shared/payouts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pagePath } from '../../../lib/paging';
import { payoutsKeys } from './keys';

/** `GET /finances/payouts`: a page of the Stripe payouts, newest first, all or those in one state (ALL or FINANCE). */
export function listPayouts(
  reconciliation: ReconciliationState | null,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const path = reconciliation ? `/finances/payouts?reconciliation=${reconciliation}` : '/finances/payouts';
  return api.get<PayoutList>(pagePath(path, 50, cursor), { signal });
}

export const payoutsQueryOptions = (reconciliation: ReconciliationState | null) =>
  infiniteQueryOptions({
    queryKey: payoutsKeys.list(reconciliation ?? 'all'),
    queryFn: ({ pageParam, signal }) => listPayouts(reconciliation, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function usePayouts(reconciliation: ReconciliationState | null) {
  return useInfiniteQuery(payoutsQueryOptions(reconciliation));
}
