import type { CustomerMerge } from '@guichet/shared/customer-records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerPath } from './get-customer';
import { customerKeys } from './keys';

/** `POST /customers/{id}/merges`: folds another record of the same person into this one. */
export function mergeCustomer(customerId: string, mergedId: string): Promise<CustomerMerge> {
  return api.post<CustomerMerge>(customerPath(customerId, '/merges'), { mergedId });
}

export function useMergeCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mergedId: string) => mergeCustomer(customerId, mergedId),
    // The kept record's totals, lists and timeline change, and the merged one leaves the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
