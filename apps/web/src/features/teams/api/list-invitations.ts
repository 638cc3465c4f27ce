import type { InvitationList } from '@guichet/shared/teams';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pagePath } from '../../../lib/paging';
import { teamKeys } from './keys';

/** `GET /teams/invitations`: a page of the pending invitations, newest first. */
export function getInvitations(cursor: string | null, signal?: AbortSignal): Promise<InvitationList> {
  return api.get<InvitationList>(pagePath('/teams/invitations', 50, cursor), { signal });
}

export function invitationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: teamKeys.invitations,
    queryFn: ({ pageParam, signal }) => getInvitations(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useInvitations() {
  return useInfiniteQuery(invitationsQueryOptions());
}
