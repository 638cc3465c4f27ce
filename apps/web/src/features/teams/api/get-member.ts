import type { TeamMemberDetail } from '@guichet/shared/teams';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './keys';

export function getMember(staffId: string, signal?: AbortSignal): Promise<TeamMemberDetail> {
  return api.get<TeamMemberDetail>(`/teams/members/${encodeURIComponent(staffId)}`, { signal });
}

export function memberQueryOptions(staffId: string) {
  return queryOptions({
    queryKey: teamKeys.member(staffId),
    queryFn: ({ signal }) => getMember(staffId, signal),
  });
}

export function useMember(staffId: string) {
  return useQuery(memberQueryOptions(staffId));
}
