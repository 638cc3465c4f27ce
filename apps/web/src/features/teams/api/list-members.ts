import type { MemberSort, TeamMemberPage } from '@guichet/shared/teams';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './keys';

export interface MembersParams {
  q: string;
  sort: MemberSort;
}

export function getMembers(
  params: MembersParams & { cursor?: string | null },
  signal?: AbortSignal,
): Promise<TeamMemberPage> {
  const search = new URLSearchParams({ sort: params.sort, limit: '50' });
  if (params.q) search.set('q', params.q);
  if (params.cursor) search.set('cursor', params.cursor);
  return api.get<TeamMemberPage>(`/teams/members?${search}`, { signal });
}

export function membersQueryOptions(params: MembersParams) {
  return infiniteQueryOptions({
    queryKey: [...teamKeys.members, params] as const,
    queryFn: ({ pageParam, signal }) => getMembers({ ...params, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useMembers(params: MembersParams) {
  return useInfiniteQuery(membersQueryOptions(params));
}
