import type { Attention } from '@guichet/shared/dashboard';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pagePath } from '../../../lib/paging';
import { dashboardKeys } from './keys';

/** `GET /dashboard/attention`: a page of what needs attention, as counts (ALL or DASHBOARD). */
export function getAttention(cursor: string | null, signal?: AbortSignal): Promise<Attention> {
  return api.get<Attention>(pagePath('/dashboard/attention', 50, cursor), { signal });
}

export const attentionQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.attention,
    queryFn: ({ pageParam, signal }) => getAttention(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The pages read so far as one list (`data.items`), with `fetchNextPage` for the next. */
export function useAttention() {
  return useInfiniteQuery({
    ...attentionQueryOptions(),
    select: (data) => ({ items: data.pages.flatMap((page) => page.items) }),
  });
}
