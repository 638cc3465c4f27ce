import type { ClosedPeriod, ClosePeriodBody } from '@guichet/shared/payouts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { payoutsKeys } from './keys';

/** `POST /finances/closing`: closes every day up to a date. */
export function closePeriod(body: ClosePeriodBody) {
  return api.post<ClosedPeriod>('/finances/closing', body);
}

export function useClosePeriod() {
  return useMutation({
    mutationFn: closePeriod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsKeys.all }),
  });
}
