import type { CreateInvitationBody, Invitation } from '@guichet/shared/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invitationsQueryOptions } from './list-invitations';

export function createInvitation(body: CreateInvitationBody): Promise<Invitation> {
  return api.post<Invitation>('/teams/invitations', body);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey }),
  });
}
