import type { OrderDetail } from '@guichet/shared/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

export const orderPath = (orderId: string, rest = '') => `/orders/${encodeURIComponent(orderId)}${rest}`;

export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get<OrderDetail>(orderPath(orderId), { signal });
}

export function useOrder(orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(orderId ?? ''),
    queryFn: ({ signal }) => getOrder(orderId ?? '', signal),
    enabled: orderId !== null,
  });
}
