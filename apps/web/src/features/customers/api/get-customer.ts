import type { CustomerDetail } from '@guichet/shared/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

export const customerPath = (customerId: string, rest = '') =>
  `/customers/${encodeURIComponent(customerId)}${rest}`;

/** `GET /customers/{id}`: the customer with totals, lists, consent history and timeline. */
export function getCustomer(customerId: string, signal?: AbortSignal): Promise<CustomerDetail> {
  return api.get<CustomerDetail>(customerPath(customerId), { signal });
}

export function customerQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: customerKeys.detail(customerId),
    queryFn: ({ signal }) => getCustomer(customerId, signal),
  });
}

export function useCustomer(customerId: string) {
  return useQuery(customerQueryOptions(customerId));
}
