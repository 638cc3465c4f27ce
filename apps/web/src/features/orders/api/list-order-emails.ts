import type { OrderEmails } from '@guichet/shared/delivery';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LARGEST_PAGE, pagePath, readAllPages } from '../../../lib/paging';
import { orderPath } from './get-order';
import { orderKeys } from './keys';

/** Asked again while a mail waits for its first delivery attempt, so "queued" turns into "sent". */
const WHILE_QUEUED_MS = 3000;

/** `GET /orders/{id}/emails`: the e-mails of the order, newest first, every page (an order has a few). */
export async function listOrderEmails(orderId: string, signal?: AbortSignal): Promise<OrderEmails> {
  const items = await readAllPages((cursor) =>
    api.get<OrderEmails>(pagePath(orderPath(orderId, '/emails'), LARGEST_PAGE, cursor), { signal }),
  );
  return { items, nextCursor: null };
}

export function useOrderEmails(orderId: string) {
  return useQuery({
    queryKey: orderKeys.emails(orderId),
    queryFn: ({ signal }) => listOrderEmails(orderId, signal),
    refetchInterval: (query) =>
      query.state.data?.items.some((mail) => mail.status === 'queued' && mail.attempts === 0)
        ? WHILE_QUEUED_MS
        : false,
  });
}
