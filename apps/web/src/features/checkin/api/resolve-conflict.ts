import type { Conflict, ResolveConflictBody } from '@guichet/shared/scan';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { checkinKeys, itemPath } from './keys';

/** `POST /checkin-conflicts/{id}/resolve`: acknowledged with a note, one of the two check-ins undone or not. */
export function resolveConflict(conflictId: string, body: ResolveConflictBody): Promise<Conflict> {
  return api.post<Conflict>(itemPath('checkin-conflicts', conflictId, '/resolve'), body);
}

export function useResolveConflict(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveConflictBody }) => resolveConflict(id, body),
    onSuccess: async (resolved, { body }) => {
      queryClient.setQueryData<Conflict[]>(checkinKeys.conflicts(eventId), (current) =>
        current?.map((conflict) => (conflict.id === resolved.id ? resolved : conflict)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: checkinKeys.headcount(eventId) }),
        // An undo along with it changes the log and the counts.
        body.undoCheckinId
          ? queryClient.invalidateQueries({ queryKey: checkinKeys.log(eventId) })
          : Promise.resolve(),
      ]);
    },
  });
}
