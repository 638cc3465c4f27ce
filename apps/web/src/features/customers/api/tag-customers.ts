import type { BulkTagBody } from '@guichet/shared/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** `POST /customers/tags`: add and remove tags on the selected customers. */
export function tagCustomers(body: BulkTagBody): Promise<{ updated: number }> {
  return api.post<{ updated: number }>('/customers/tags', body);
}

export function useTagCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tagCustomers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
