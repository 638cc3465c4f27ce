import type { InvitationList } from '@guichet/shared/teams';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './keys';

export function getInvitations(signal?: AbortSignal): Promise<InvitationList> {
  return api.get<InvitationList>('/teams/invitations', { signal });
}

export function invitationsQueryOptions() {
  return queryOptions({ queryKey: teamKeys.invitations, queryFn: ({ signal }) => getInvitations(signal) });
}

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}
