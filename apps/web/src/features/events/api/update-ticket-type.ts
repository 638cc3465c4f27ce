import type { EventDetail, UpdateTicketTypeBody } from '@guichet/shared/events';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { useEventMutation } from './event-mutation';

export function updateTicketType(
  eventId: string,
  ticketTypeId: string,
  body: UpdateTicketTypeBody,
): Promise<EventDetail> {
  return api.patch<EventDetail>(
    eventPath(eventId, `/ticket-types/${encodeURIComponent(ticketTypeId)}`),
    body,
  );
}

export function useUpdateTicketType(eventId: string) {
  return useEventMutation(eventId, ({ id, body }: { id: string; body: UpdateTicketTypeBody }) =>
    updateTicketType(eventId, id, body),
  );
}
