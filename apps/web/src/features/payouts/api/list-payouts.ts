import type { PayoutList, ReconciliationState } from '@guichet/shared/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { payoutsKeys } from './keys';

/** `GET /finances/payouts`: the Stripe payouts, newest first, all or those in one state (ALL or FINANCE). */
export function listPayouts(reconciliation: ReconciliationState | null, signal?: AbortSignal) {
  const query = reconciliation ? `?reconciliation=${reconciliation}` : '';
  return api.get<PayoutList>(`/finances/payouts${query}`, { signal });
}

export const payoutsQueryOptions = (reconciliation: ReconciliationState | null) =>
  queryOptions({
    queryKey: payoutsKeys.list(reconciliation ?? 'all'),
    queryFn: ({ signal }) => listPayouts(reconciliation, signal),
  });

export function usePayouts(reconciliation: ReconciliationState | null) {
  return useQuery(payoutsQueryOptions(reconciliation));
}
