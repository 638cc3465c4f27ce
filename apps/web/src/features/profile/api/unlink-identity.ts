import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { identitiesQueryOptions } from './get-identities';

/** DELETE /auth/identities/{id}: unlinks a third-party account (refused while it is the only way in). */
export function unlinkIdentity(id: string): Promise<void> {
  return api.delete<void>(`/auth/identities/${id}`);
}

export function useUnlinkIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unlinkIdentity,
    onSuccess: () => client.invalidateQueries({ queryKey: identitiesQueryOptions().queryKey }),
  });
}
