import { ORG_SCOPE } from '../../../lib/query-client';
import type { CustomerListFilters } from '../filters';

/** Query keys of customers and member lists; under the organisation scope, so switching organisation drops them. */
export const customerKeys = {
  all: [ORG_SCOPE, 'customers'] as const,
  lists: [ORG_SCOPE, 'customers', 'list'] as const,
  list: (filters: CustomerListFilters) => [ORG_SCOPE, 'customers', 'list', filters] as const,
  detail: (customerId: string) => [ORG_SCOPE, 'customers', 'detail', customerId] as const,
  events: [ORG_SCOPE, 'customers', 'events'] as const,
  memberLists: [ORG_SCOPE, 'customers', 'member-lists'] as const,
  members: (listId: string, q: string) =>
    [ORG_SCOPE, 'customers', 'member-lists', listId, 'members', q] as const,
  history: (listId: string) => [ORG_SCOPE, 'customers', 'member-lists', listId, 'history'] as const,
};
