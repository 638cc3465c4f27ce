import type { ApiToken } from '@guichet/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiTokensQueryOptions } from './list-api-tokens';

/** `DELETE /integrations/tokens/:id`: the token stops working at once and stays listed as revoked. */
export function revokeApiToken(id: string): Promise<ApiToken> {
  return api.delete<ApiToken>(`/integrations/tokens/${encodeURIComponent(id)}`);
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey }),
  });
}
