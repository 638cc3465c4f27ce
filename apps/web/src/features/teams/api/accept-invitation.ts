import type { InvitationAccepted } from '@guichet/shared/teams';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadProfile, switchOrganization } from '../../../lib/session/actions';

export function acceptInvitation(token: string): Promise<InvitationAccepted> {
  return api.post<InvitationAccepted>(`/invitations/${encodeURIComponent(token)}/accept`);
}

/** Joins, then selects the organisation and reloads the profile that now lists it. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (token: string) => {
      const accepted = await acceptInvitation(token);
      switchOrganization(accepted.organization.id);
      await reloadProfile();
      return accepted;
    },
  });
}
