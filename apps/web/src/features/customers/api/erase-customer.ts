import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerPath } from './get-customer';
import { customerKeys } from './keys';

/** `POST /customers/{id}/erase`: the person's data removed everywhere, confirmed by their e-mail. */
export function eraseCustomer(customerId: string, confirmEmail: string): Promise<void> {
  return api.post<void>(customerPath(customerId, '/erase'), { confirmEmail });
}

export function useEraseCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmEmail: string) => eraseCustomer(customerId, confirmEmail),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(customerId) });
      return queryClient.invalidateQueries({ queryKey: customerKeys.lists });
    },
  });
}
