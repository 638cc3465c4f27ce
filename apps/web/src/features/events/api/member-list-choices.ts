import type { MemberListChoices } from '@guichet/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/event-resource';

/** The member lists a members-only ticket type may be restricted to (ids and names). */
export function getMemberListChoices(signal?: AbortSignal): Promise<MemberListChoices> {
  return api.get<MemberListChoices>('/events/member-lists', { signal });
}

export function memberListChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...eventKeys.all, 'member-lists'] as const,
    queryFn: ({ signal }) => getMemberListChoices(signal),
  });
}

/** Asked for only while the form offers the lists (`enabled`). */
export function useMemberListChoices(enabled: boolean) {
  return useQuery({ ...memberListChoicesQueryOptions(), enabled });
}
