import type { CustomerPage } from '@guichet/shared/customers';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type CustomerListFilters, customersQuery } from '../filters';
import { customerKeys } from './keys';

/** Customers per page on screen. */
export const CUSTOMER_PAGE_SIZE = 50;

/** `GET /customers`: one page of the filtered, sorted customers. */
export function getCustomers(
  filters: CustomerListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  const search = customersQuery(filters);
  search.set('limit', String(CUSTOMER_PAGE_SIZE));
  if (cursor) search.set('cursor', cursor);
  return api.get<CustomerPage>(`/customers?${search}`, { signal });
}

/** The previous results stay on screen while another filter loads. */
export function useCustomers(filters: CustomerListFilters) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: customerKeys.list(filters),
      queryFn: ({ pageParam, signal }) => getCustomers(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
    placeholderData: keepPreviousData,
  });
}
