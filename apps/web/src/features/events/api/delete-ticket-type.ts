import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { useEventMutation } from './event-mutation';

/** No retry: a refusal (tickets sold) would only repeat. */
export async function deleteTicketType(eventId: string, ticketTypeId: string): Promise<undefined> {
  await api.delete<void>(eventPath(eventId, `/ticket-types/${encodeURIComponent(ticketTypeId)}`), undefined, {
    retry: false,
  });
  return undefined;
}

export function useDeleteTicketType(eventId: string) {
  return useEventMutation(eventId, (ticketTypeId: string) => deleteTicketType(eventId, ticketTypeId));
}
