import type { Page } from '@guichet/shared/paging';
import type { SessionItem } from '@guichet/shared/sign-in-options';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pagePath } from '../../../lib/paging';

/** GET /auth/sessions: a page of the signed-in devices (refresh-token families), the latest used first. */
export function getSessions(cursor: string | null, signal?: AbortSignal): Promise<Page<SessionItem>> {
  return api.get<Page<SessionItem>>(pagePath('/auth/sessions', 20, cursor), { signal });
}

export function sessionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['auth', 'sessions'],
    queryFn: ({ pageParam, signal }) => getSessions(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
