import type { CompanySettingsResult } from '@guichet/shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FILE_TIMEOUT_MS } from '../../../lib/http-client';
import { settingsKey } from './settings-keys';

/** `PUT /settings/company/logo`: the image's bytes with its type; sent once (megabytes are not retried). */
export function uploadLogo(file: File): Promise<CompanySettingsResult> {
  return api.put<CompanySettingsResult>('/settings/company/logo', file, {
    timeoutMs: FILE_TIMEOUT_MS,
    retry: false,
  });
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
