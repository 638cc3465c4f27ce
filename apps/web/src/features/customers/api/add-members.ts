import type { AddMembersBody } from '@guichet/shared/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** `POST /member-lists/{id}/members`: by customer ids, by e-mail or by filter, with a validity window. */
export function addMembers(
  listId: string,
  body: AddMembersBody,
): Promise<{ added: number; changed: number }> {
  return api.post<{ added: number; changed: number }>(
    `/member-lists/${encodeURIComponent(listId)}/members`,
    body,
  );
}

export function useAddMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, body }: { listId: string; body: AddMembersBody }) => addMembers(listId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
