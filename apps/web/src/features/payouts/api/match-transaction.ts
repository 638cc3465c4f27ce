import type { ManualMatchBody, PayoutDetail } from '@guichet/shared/payouts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { payoutsKeys } from './keys';

/** `POST /finances/payouts/transactions/:id/match`: explains a balance transaction by hand (audited). */
export function matchTransaction(transactionId: string, body: ManualMatchBody) {
  return api.post<PayoutDetail>(
    `/finances/payouts/transactions/${encodeURIComponent(transactionId)}/match`,
    body,
  );
}

export function useMatchTransaction() {
  return useMutation({
    mutationFn: (input: { transactionId: string; ledgerEntryId: string }) =>
      matchTransaction(input.transactionId, { ledgerEntryId: input.ledgerEntryId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsKeys.all }),
  });
}
