import type { EventDetail } from '@guichet/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventKeys } from '../../../lib/event-resource';

/**
 * A change to one event. Every such endpoint answers the event as it now is, which replaces the cached
 * detail at once (no second request); lists are refetched since names, dates and counts show there.
 */
export function useEventMutation<A, R extends EventDetail | undefined>(
  eventId: string,
  call: (input: A) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (event) => {
      if (event) queryClient.setQueryData(eventKeys.detail(eventId), event);
      else await queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
      await queryClient.invalidateQueries({ queryKey: eventKeys.lists });
    },
  });
}
