import type { CompanySettingsResult } from '@guichet/shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rawRequest } from './raw-request';
import { settingsKey } from './settings-keys';

export async function uploadLogo(file: File): Promise<CompanySettingsResult> {
  const response = await rawRequest('PUT', '/settings/company/logo', {
    bytes: file,
    contentType: file.type || 'application/octet-stream',
  });
  return (await response.json()) as CompanySettingsResult;
}

export function removeLogo(): Promise<CompanySettingsResult> {
  return api.delete<CompanySettingsResult>('/settings/company/logo');
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: settingsKey() }),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: settingsKey() }),
  });
}
