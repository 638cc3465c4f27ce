import type { Adjustment, AdjustmentBody } from '@guichet/shared/payouts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { payoutsKeys } from './keys';

/** `POST /finances/adjustments`: a manual adjustment with its reason, written to the ledger. */
export function recordAdjustment(body: AdjustmentBody) {
  return api.post<Adjustment>('/finances/adjustments', body);
}

export function useRecordAdjustment() {
  return useMutation({
    mutationFn: recordAdjustment,
    // Suggestions of unmatched rows may now include it; the finances figures change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsKeys.all }),
  });
}
