import type { CreateApiTokenBody, CreatedApiToken } from '@guichet/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiTokensQueryOptions } from './list-api-tokens';

/** `POST /integrations/tokens`: answers the secret once; never retried (a retry would make a second token). */
export function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>('/integrations/tokens', body, { retry: false });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey }),
  });
}
