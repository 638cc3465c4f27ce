import type { CustomerDetail } from '@guichet/shared/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerKeys } from './keys';

/** A change of one customer: the answer is the new detail; lists are read again. */
export function useCustomerMutation<Input>(
  customerId: string,
  run: (input: Input) => Promise<CustomerDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (detail) => {
      queryClient.setQueryData(customerKeys.detail(customerId), detail);
      await queryClient.invalidateQueries({ queryKey: customerKeys.lists });
    },
  });
}
