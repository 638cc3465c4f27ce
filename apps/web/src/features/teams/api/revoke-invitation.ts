import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invitationsQueryOptions } from './list-invitations';

export function revokeInvitation(id: string): Promise<void> {
  return api.delete<void>(`/teams/invitations/${encodeURIComponent(id)}`, undefined, { retry: false });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey }),
  });
}
