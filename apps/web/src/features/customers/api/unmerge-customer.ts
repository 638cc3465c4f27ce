import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerPath } from './get-customer';
import { customerKeys } from './keys';

/** `DELETE /customers/{id}/merges/{mergedId}`: the merged record stands on its own again. */
export function unmergeCustomer(customerId: string, mergedId: string): Promise<void> {
  return api.delete<void>(customerPath(customerId, `/merges/${encodeURIComponent(mergedId)}`));
}

export function useUnmergeCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mergedId: string) => unmergeCustomer(customerId, mergedId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
