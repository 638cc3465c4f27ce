import type { CustomerEventOption } from '@guichet/shared/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** `GET /customers/events`: the events the "bought or attended" filter offers. */
export function getCustomerEvents(signal?: AbortSignal): Promise<CustomerEventOption[]> {
  return api.get<CustomerEventOption[]>('/customers/events', { signal });
}

export function customerEventsQueryOptions() {
  return queryOptions({ queryKey: customerKeys.events, queryFn: ({ signal }) => getCustomerEvents(signal) });
}

export function useCustomerEvents() {
  return useQuery(customerEventsQueryOptions());
}
