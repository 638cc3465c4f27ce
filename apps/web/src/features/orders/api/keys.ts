import { ORG_SCOPE } from '../../../lib/query-client';
import type { OrderFilters } from '../filters';

/** Query keys of orders; under the organisation scope, so switching organisation drops them. */
export const orderKeys = {
  all: [ORG_SCOPE, 'orders'] as const,
  lists: (eventId: string) => [ORG_SCOPE, 'orders', 'list', eventId] as const,
  list: (eventId: string, filters: OrderFilters) => [ORG_SCOPE, 'orders', 'list', eventId, filters] as const,
  detail: (orderId: string) => [ORG_SCOPE, 'orders', 'detail', orderId] as const,
  emails: (orderId: string) => [ORG_SCOPE, 'orders', 'emails', orderId] as const,
};
