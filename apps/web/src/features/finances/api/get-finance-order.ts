import type { FinanceOrder } from '@guichet/shared/finances';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financesKeys } from './keys';

/** `GET /finances/orders/:id`: an order's money and its ledger rows (ALL or FINANCE). */
export function getFinanceOrder(orderId: string, signal?: AbortSignal): Promise<FinanceOrder> {
  return api.get<FinanceOrder>(`/finances/orders/${encodeURIComponent(orderId)}`, { signal });
}

export const financeOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: financesKeys.order(orderId),
    queryFn: ({ signal }) => getFinanceOrder(orderId, signal),
  });

export function useFinanceOrder(orderId: string | null) {
  return useQuery({ ...financeOrderQueryOptions(orderId ?? ''), enabled: orderId !== null });
}
