import type { OrderDetail } from '@guichet/shared/orders';
import { api } from '../../../lib/api-client';
import { orderPath } from './get-order';
import { useOrderMutation } from './order-mutation';

export interface AttendeeChange {
  orderId: string;
  ticketId: string;
  /** null clears the name. */
  attendeeName: string | null;
}

/** `PATCH /orders/{id}/tickets/{ticketId}`: the attendee name of one ticket. */
export function updateTicket({ orderId, ticketId, attendeeName }: AttendeeChange): Promise<OrderDetail> {
  return api.patch<OrderDetail>(orderPath(orderId, `/tickets/${encodeURIComponent(ticketId)}`), {
    attendeeName,
  });
}

export function useUpdateTicket(eventId: string) {
  return useOrderMutation(eventId, updateTicket);
}
