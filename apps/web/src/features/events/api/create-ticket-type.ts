import type { CreateTicketTypeBody, EventDetail } from '@guichet/shared/events';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { useEventMutation } from './event-mutation';

export function createTicketType(eventId: string, body: CreateTicketTypeBody): Promise<EventDetail> {
  return api.post<EventDetail>(eventPath(eventId, '/ticket-types'), body);
}

export function useCreateTicketType(eventId: string) {
  return useEventMutation(eventId, (body: CreateTicketTypeBody) => createTicketType(eventId, body));
}
