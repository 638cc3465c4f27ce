import type { VatReport } from '@guichet/shared/finances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ORG_SCOPE } from '../../../lib/query-client';

/** `GET /finances/vat`: VAT by rate of a period, refunds in the period they were made (ALL or FINANCE). */
export function getVatReport(query: string, signal?: AbortSignal): Promise<VatReport> {
  return api.get<VatReport>(`/finances/vat?${query}`, { signal });
}

export const vatReportQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [ORG_SCOPE, 'finances', 'vat', query] as const,
    queryFn: ({ signal }) => getVatReport(query, signal),
  });

export function useVatReport(query: string) {
  return useQuery({ ...vatReportQueryOptions(query), placeholderData: keepPreviousData });
}
