import type { OrderDetail } from '@guichet/shared/orders';
import { api } from '../../../lib/api-client';
import { orderPath } from './get-order';
import { useOrderMutation } from './order-mutation';

/** `POST /orders/{id}/cancel`: the tickets are cancelled and their places freed. */
export function cancelOrder(orderId: string, reason: string): Promise<OrderDetail> {
  const trimmed = reason.trim();
  return api.post<OrderDetail>(orderPath(orderId, '/cancel'), trimmed ? { reason: trimmed } : {});
}

export function useCancelOrder(eventId: string) {
  return useOrderMutation(eventId, ({ orderId, reason }: { orderId: string; reason: string }) =>
    cancelOrder(orderId, reason),
  );
}
