import type { OrderDetail } from '@guichet/shared/orders';
import type { CreateRefundBody } from '@guichet/shared/payments';
import { api } from '../../../lib/api-client';
import { orderPath } from './get-order';
import { useOrderMutation } from './order-mutation';

/** `POST /orders/{id}/refunds`: tickets refunded (places freed) and/or money given back. */
export function refundOrder(orderId: string, body: CreateRefundBody): Promise<OrderDetail> {
  return api.post<OrderDetail>(orderPath(orderId, '/refunds'), body);
}

export function useRefundOrder(eventId: string) {
  return useOrderMutation(eventId, ({ orderId, body }: { orderId: string; body: CreateRefundBody }) =>
    refundOrder(orderId, body),
  );
}
