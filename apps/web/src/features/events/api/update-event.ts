import type { EventDetail, UpdateEventBody } from '@guichet/shared/events';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { useEventMutation } from './event-mutation';

export function updateEvent(eventId: string, body: UpdateEventBody): Promise<EventDetail> {
  return api.patch<EventDetail>(eventPath(eventId), body);
}

export function useUpdateEvent(eventId: string) {
  return useEventMutation(eventId, (body: UpdateEventBody) => updateEvent(eventId, body));
}
