import type { OrderPage } from '@guichet/shared/orders';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { type OrderFilters, ordersQuery } from '../filters';
import { orderKeys } from './keys';

/** Orders per page on screen: a screenful, quick to load at the door on a phone. */
export const ORDER_PAGE_SIZE = 25;

export function getOrders(
  eventId: string,
  filters: OrderFilters,
  cursor: string | null,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<OrderPage> {
  const search = ordersQuery(filters, options.limit ?? ORDER_PAGE_SIZE, cursor);
  return api.get<OrderPage>(eventPath(eventId, `/orders?${search}`), { signal: options.signal });
}

/** The previous results stay on screen while another filter loads, instead of flashing a skeleton. */
export function useOrders(eventId: string, filters: OrderFilters) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: orderKeys.list(eventId, filters),
      queryFn: ({ pageParam, signal }) => getOrders(eventId, filters, pageParam, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
    placeholderData: keepPreviousData,
  });
}
