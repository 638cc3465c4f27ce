import type { AcquisitionSettings } from '@guichet/shared/acquisition';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acquisitionKeys } from './keys';

/** `PUT /acquisition/settings`. */
export function updateAcquisitionSettings(body: AcquisitionSettings): Promise<AcquisitionSettings> {
  return api.put<AcquisitionSettings>('/acquisition/settings', body);
}

export function useUpdateAcquisitionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAcquisitionSettings,
    onSuccess: (settings) => queryClient.setQueryData(acquisitionKeys.settings, settings),
  });
}
