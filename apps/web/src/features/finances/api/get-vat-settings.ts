import type { VatSettings } from '@guichet/shared/vat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ORG_SCOPE } from '../../../lib/query-client';

/** `GET /finances/vat-settings`: registered or not, VAT number, rates, default rate (ALL or FINANCE). */
export function getVatSettings(signal?: AbortSignal): Promise<VatSettings> {
  return api.get<VatSettings>('/finances/vat-settings', { signal });
}

export const vatSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [ORG_SCOPE, 'finances', 'vat-settings'] as const,
    queryFn: ({ signal }) => getVatSettings(signal),
  });

export function useVatSettings() {
  return useQuery(vatSettingsQueryOptions());
}
