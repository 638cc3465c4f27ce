import type { CompanySettings } from '@guichet/shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKey } from './settings-keys';

export function getCompanySettings(): Promise<CompanySettings> {
  return api.get<CompanySettings>('/settings/company');
}

export function companySettingsQueryOptions() {
  return queryOptions({ queryKey: settingsKey('company'), queryFn: getCompanySettings });
}

export function useCompanySettings() {
  return useQuery(companySettingsQueryOptions());
}
