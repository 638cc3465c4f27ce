import type { PayoutDetail } from '@guichet/shared/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { payoutsKeys } from './keys';

/** `GET /finances/payouts/:id`: a payout's balance transactions, matches and suggestions. */
export function getPayout(payoutId: string, signal?: AbortSignal) {
  return api.get<PayoutDetail>(`/finances/payouts/${encodeURIComponent(payoutId)}`, { signal });
}

export const payoutQueryOptions = (payoutId: string) =>
  queryOptions({
    queryKey: payoutsKeys.detail(payoutId),
    queryFn: ({ signal }) => getPayout(payoutId, signal),
  });

export function usePayout(payoutId: string | null) {
  return useQuery({ ...payoutQueryOptions(payoutId ?? ''), enabled: payoutId !== null });
}
