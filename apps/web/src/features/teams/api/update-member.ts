import type { TeamMember, UpdateMemberBody } from '@guichet/shared/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadProfile } from '../../../lib/session/actions';
import { useSessionState } from '../../../lib/session/use-session';
import { teamKeys } from './keys';

export function updateMember(staffId: string, body: UpdateMemberBody): Promise<TeamMember> {
  return api.patch<TeamMember>(`/teams/members/${encodeURIComponent(staffId)}`, body);
}

/** Saves the permissions; one's own change reloads the profile, since it changes what one may open. */
export function useUpdateMember(staffId: string) {
  const queryClient = useQueryClient();
  const self = useSessionState().user?.id === staffId;
  return useMutation({
    mutationFn: (body: UpdateMemberBody) => updateMember(staffId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      if (self) await reloadProfile();
    },
  });
}
