import type { SettingsOverview } from '@guichet/shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKey } from './settings-keys';

export function getSettingsOverview(): Promise<SettingsOverview> {
  return api.get<SettingsOverview>('/settings/overview');
}

export function settingsOverviewQueryOptions() {
  return queryOptions({ queryKey: settingsKey('overview'), queryFn: getSettingsOverview });
}

export function useSettingsOverview() {
  return useQuery(settingsOverviewQueryOptions());
}
