import type { ApiTokenPage } from '@guichet/shared/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './keys';

/** `GET /integrations/tokens`: the organisation's tokens, newest first (the first hundred). */
export function getApiTokens(signal?: AbortSignal): Promise<ApiTokenPage> {
  return api.get<ApiTokenPage>('/integrations/tokens?limit=100', { signal });
}

export function apiTokensQueryOptions() {
  return queryOptions({ queryKey: integrationKeys.tokens, queryFn: ({ signal }) => getApiTokens(signal) });
}

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}
