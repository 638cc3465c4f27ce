import type { CreateBoxOfficeOrderBody, OrderDetail } from '@guichet/shared/orders';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { useOrderMutation } from './order-mutation';

/** `POST /events/{id}/orders`: the box office gives tickets away or takes payment on the spot. */
export function createBoxOfficeOrder(eventId: string, body: CreateBoxOfficeOrderBody): Promise<OrderDetail> {
  return api.post<OrderDetail>(eventPath(eventId, '/orders'), body);
}

export function useCreateBoxOfficeOrder(eventId: string) {
  return useOrderMutation(eventId, (body: CreateBoxOfficeOrderBody) => createBoxOfficeOrder(eventId, body));
}
