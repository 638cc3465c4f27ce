import type { UpdateVatSettingsBody, VatSettings } from '@guichet/shared/vat';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { vatSettingsQueryOptions } from './get-vat-settings';

/** `PUT /finances/vat-settings`: new sales take the new settings; sold tickets keep their VAT. */
export function updateVatSettings(body: UpdateVatSettingsBody): Promise<VatSettings> {
  return api.put<VatSettings>('/finances/vat-settings', body);
}

export function useUpdateVatSettings() {
  return useMutation({
    mutationFn: updateVatSettings,
    onSuccess: (saved) => queryClient.setQueryData(vatSettingsQueryOptions().queryKey, saved),
  });
}
