import type { CustomerMerge } from '@guichet/shared/customer-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerPath } from './get-customer';
import { customerKeys } from './keys';

/** `GET /customers/{id}/merges`: the records merged into this customer (in force and undone). */
export function listMerges(customerId: string, signal?: AbortSignal): Promise<CustomerMerge[]> {
  return api.get<CustomerMerge[]>(customerPath(customerId, '/merges'), { signal });
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
