import type { CustomerMerge } from '@guichet/shared/customer-records';
import type { Page } from '@guichet/shared/paging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LARGEST_PAGE, pagePath, readAllPages } from '../../../lib/paging';
import { customerPath } from './get-customer';
import { customerKeys } from './keys';

/**
 * `GET /customers/{id}/merges`: the records merged into this customer (in force and undone), every page:
 * the timeline shows them all, and a person has a few duplicates at most.
 */
export function listMerges(customerId: string, signal?: AbortSignal): Promise<CustomerMerge[]> {
  return readAllPages((cursor) =>
    api.get<Page<CustomerMerge>>(pagePath(customerPath(customerId, '/merges'), LARGEST_PAGE, cursor), {
      signal,
    }),
  );
}

export function mergesQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: [...customerKeys.detail(customerId), 'merges'] as const,
    queryFn: ({ signal }) => listMerges(customerId, signal),
  });
}

export function useMerges(customerId: string) {
  return useQuery(mergesQueryOptions(customerId));
}
