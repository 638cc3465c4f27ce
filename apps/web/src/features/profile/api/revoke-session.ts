import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './list-sessions';

/** DELETE /auth/sessions/{id}: signs a device out (its access token lives until it expires). */
export function revokeSession(id: string): Promise<void> {
  return api.delete<void>(`/auth/sessions/${id}`);
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
