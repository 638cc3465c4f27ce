import type { SessionItem } from '@guichet/shared/sign-in-options';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /auth/sessions: the signed-in devices (refresh-token families), this one marked. */
export function getSessions(signal?: AbortSignal): Promise<SessionItem[]> {
  return api.get<{ items: SessionItem[] }>('/auth/sessions', { signal }).then((body) => body.items);
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'sessions'], queryFn: ({ signal }) => getSessions(signal) });
}
