import type { CustomerImport } from '@guichet/shared/customer-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** `GET /customer-imports/{id}`: the job's progress, counts and rejected rows. */
export function getImport(importId: string, signal?: AbortSignal): Promise<CustomerImport> {
  return api.get<CustomerImport>(`/customer-imports/${encodeURIComponent(importId)}`, { signal });
}

/** Polled every second while the job runs. */
export function importQueryOptions(importId: string) {
  return queryOptions({
    queryKey: [...customerKeys.all, 'imports', importId] as const,
    queryFn: ({ signal }) => getImport(importId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
}

export function useImport(importId: string | null) {
  return useQuery({ ...importQueryOptions(importId ?? ''), enabled: importId !== null });
}
