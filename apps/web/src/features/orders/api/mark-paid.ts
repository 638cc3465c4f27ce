import type { MarkPaidBody } from '@guichet/shared/door';
import type { OrderDetail } from '@guichet/shared/orders';
import { api } from '../../../lib/api-client';
import { orderPath } from './get-order';
import { useOrderMutation } from './order-mutation';

/** `POST /orders/{id}/mark-paid`: the payment of an offline order has arrived (the amount and how). */
export function markOrderPaid(input: { orderId: string; received: MarkPaidBody }): Promise<OrderDetail> {
  return api.post<OrderDetail>(orderPath(input.orderId, '/mark-paid'), input.received);
}

export function useMarkOrderPaid(eventId: string) {
  return useOrderMutation(eventId, markOrderPaid);
}
