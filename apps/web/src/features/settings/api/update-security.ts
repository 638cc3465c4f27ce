import type { SecuritySettingsResult } from '@guichet/shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKey } from './settings-keys';

export function updateSecuritySettings(body: { requireTwoFactor: boolean }): Promise<SecuritySettingsResult> {
  return api.patch<SecuritySettingsResult>('/settings/security', body);
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: settingsKey() }),
  });
}
