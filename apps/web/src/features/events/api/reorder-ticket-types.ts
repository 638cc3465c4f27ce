import type { EventDetail } from '@guichet/shared/events';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { useEventMutation } from './event-mutation';

/** Every ticket type of the event, once, in the new order. */
export function reorderTicketTypes(eventId: string, ticketTypeIds: string[]): Promise<EventDetail> {
  return api.put<EventDetail>(eventPath(eventId, '/ticket-types/order'), { ticketTypeIds }, { retry: false });
}

export function useReorderTicketTypes(eventId: string) {
  return useEventMutation(eventId, (ticketTypeIds: string[]) => reorderTicketTypes(eventId, ticketTypeIds));
}
