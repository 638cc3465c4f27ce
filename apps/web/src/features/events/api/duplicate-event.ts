import type { EventDetail } from '@guichet/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys, eventPath } from '../../../lib/event-resource';

export function duplicateEvent(eventId: string): Promise<EventDetail> {
  return api.post<EventDetail>(eventPath(eventId, '/duplicate'));
}

/** The copy is a new draft; it is cached under its own id so its page opens at once. */
export function useDuplicateEvent(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => duplicateEvent(eventId),
    onSuccess: async (copy) => {
      queryClient.setQueryData(eventKeys.detail(copy.id), copy);
      await queryClient.invalidateQueries({ queryKey: eventKeys.lists });
    },
  });
}
