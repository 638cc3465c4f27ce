import type { SessionItem } from '@guichet/shared/sign-in-options';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /auth/sessions: the signed-in devices (refresh-token families), this one marked. */
export function getSessions(signal?: AbortSignal): Promise<SessionItem[]> {
  return api.get<{ items: SessionItem[] }>('/auth/sessions', { signal }).then((body) => body.items);
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'sessions'], queryFn: ({ signal }) => getSessions(signal) });
}

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
