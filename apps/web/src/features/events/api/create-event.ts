import type { CreateEventBody, EventDetail } from '@guichet/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/event-resource';

export function createEvent(body: CreateEventBody): Promise<EventDetail> {
  return api.post<EventDetail>('/events', body);
}

/** Creates a draft; its page opens from the cache, without waiting for a fetch. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: async (event) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      await queryClient.invalidateQueries({ queryKey: eventKeys.lists });
    },
  });
}
