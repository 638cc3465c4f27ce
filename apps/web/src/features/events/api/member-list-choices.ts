import type { MemberListChoices } from '@guichet/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/event-resource';
import { LARGEST_PAGE, pagePath, readAllPages } from '../../../lib/paging';

/** The member lists a members-only ticket type may be restricted to (ids and names), every page. */
export async function getMemberListChoices(signal?: AbortSignal): Promise<MemberListChoices> {
  const items = await readAllPages((cursor) =>
    api.get<MemberListChoices>(pagePath('/events/member-lists', LARGEST_PAGE, cursor), { signal }),
  );
  return { items, nextCursor: null };
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
