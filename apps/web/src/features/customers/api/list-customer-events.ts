import type { CustomerEventOption } from '@guichet/shared/customers';
import type { Page } from '@guichet/shared/paging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LARGEST_PAGE, pagePath, readAllPages } from '../../../lib/paging';
import { customerKeys } from './keys';

/** `GET /customers/events`: the events the "bought or attended" filter offers, every page. */
export function getCustomerEvents(signal?: AbortSignal): Promise<CustomerEventOption[]> {
  return readAllPages((cursor) =>
    api.get<Page<CustomerEventOption>>(pagePath('/customers/events', LARGEST_PAGE, cursor), { signal }),
  );
}

export function customerEventsQueryOptions() {
  return queryOptions({ queryKey: customerKeys.events, queryFn: ({ signal }) => getCustomerEvents(signal) });
}

export function useCustomerEvents() {
  return useQuery(customerEventsQueryOptions());
}
