import type { UndoAnswer } from '@guichet/shared/scan';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { checkinKeys, itemPath } from './keys';

/** `POST /scan/checkins/{id}/undo`: a check-in made by mistake no longer counts; the server audits who. */
export function undoCheckin(checkinId: string, reason: string): Promise<UndoAnswer> {
  return api.post<UndoAnswer>(itemPath('scan/checkins', checkinId, '/undo'), reason ? { reason } : {});
}

export function useUndoCheckin(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => undoCheckin(id, reason),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: checkinKeys.log(eventId) }),
        queryClient.invalidateQueries({ queryKey: checkinKeys.headcount(eventId) }),
        queryClient.invalidateQueries({ queryKey: checkinKeys.conflicts(eventId) }),
      ]);
    },
  });
}
