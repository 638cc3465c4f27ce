import type { AcquisitionSettings } from '@guichet/shared/acquisition';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acquisitionKeys } from './keys';

/** `GET /acquisition/settings`. */
export function getAcquisitionSettings(signal?: AbortSignal): Promise<AcquisitionSettings> {
  return api.get<AcquisitionSettings>('/acquisition/settings', { signal });
}

export function acquisitionSettingsQueryOptions() {
  return queryOptions({
    queryKey: acquisitionKeys.settings,
    queryFn: ({ signal }) => getAcquisitionSettings(signal),
  });
}

export function useAcquisitionSettings() {
  return useQuery(acquisitionSettingsQueryOptions());
}
