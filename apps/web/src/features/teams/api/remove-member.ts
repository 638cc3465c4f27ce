import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './keys';

export function removeMember(staffId: string): Promise<void> {
  return api.delete<void>(`/teams/members/${encodeURIComponent(staffId)}`, undefined, { retry: false });
}

export function useRemoveMember(staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeMember(staffId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: teamKeys.member(staffId) });
      return queryClient.invalidateQueries({ queryKey: teamKeys.members });
    },
  });
}
