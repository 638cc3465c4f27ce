import type { OrderDetail } from '@guichet/shared/orders';
import { api } from '../../../lib/api-client';
import { orderPath } from './get-order';
import { useOrderMutation } from './order-mutation';

/** `POST /orders/{id}/mark-paid`: the payment of an offline order has arrived. */
export function markOrderPaid(orderId: string): Promise<OrderDetail> {
  return api.post<OrderDetail>(orderPath(orderId, '/mark-paid'));
}

export function useMarkOrderPaid(eventId: string) {
  return useOrderMutation(eventId, markOrderPaid);
}
