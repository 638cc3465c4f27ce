import type { OrderDetail } from '@guichet/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventKeys } from '../../../lib/event-resource';
import { orderKeys } from './keys';

/**
 * A change to one order. Every such endpoint answers the order as it now is, which replaces the cached
 * detail at once; the event's lists and its capacity figures are refetched, since status, totals and the
 * places sold or freed show there, and so is the order's mail list.
 */
export function useOrderMutation<A>(eventId: string, call: (input: A) => Promise<OrderDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists(eventId) }),
        // Marking paid and resending queue a mail: the order's mail list shows it.
        queryClient.invalidateQueries({ queryKey: orderKeys.emails(order.id) }),
        queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
        queryClient.invalidateQueries({ queryKey: eventKeys.lists }),
      ]);
    },
  });
}
