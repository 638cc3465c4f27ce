import type { OrderDetail } from '@guichet/shared/orders';
import { api } from '../../../lib/api-client';
import { orderPath } from './get-order';
import { useOrderMutation } from './order-mutation';

/** `POST /orders/{id}/resend`: the buyer's e-mail again (tickets, or payment instructions while pending). */
export function resendOrderMail(orderId: string): Promise<OrderDetail> {
  return api.post<OrderDetail>(orderPath(orderId, '/resend'));
}

export function useResendOrderMail(eventId: string) {
  return useOrderMutation(eventId, resendOrderMail);
}
