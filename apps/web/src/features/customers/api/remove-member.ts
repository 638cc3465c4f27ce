import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** `DELETE /member-lists/{id}/members/{customerId}`: kept in the list's history. */
export function removeMember(listId: string, customerId: string): Promise<void> {
  return api.delete<void>(
    `/member-lists/${encodeURIComponent(listId)}/members/${encodeURIComponent(customerId)}`,
  );
}

export function useRemoveMember(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => removeMember(listId, customerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
