import type { CompanySettingsResult, PatchCompanySettingsBody } from '@guichet/shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKey } from './settings-keys';

export function updateCompanySettings(body: PatchCompanySettingsBody): Promise<CompanySettingsResult> {
  return api.patch<CompanySettingsResult>('/settings/company', body);
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: settingsKey() }),
  });
}
