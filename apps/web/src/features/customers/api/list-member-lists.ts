import type { MemberList } from '@guichet/shared/customers';
import type { Page } from '@guichet/shared/paging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LARGEST_PAGE, pagePath, readAllPages } from '../../../lib/paging';
import { customerKeys } from './keys';

/** `GET /member-lists`: the organisation's lists with their member counts, every page (a club has a few). */
export function getMemberLists(signal?: AbortSignal): Promise<MemberList[]> {
  return readAllPages((cursor) =>
    api.get<Page<MemberList>>(pagePath('/member-lists', LARGEST_PAGE, cursor), { signal }),
  );
}

export function memberListsQueryOptions() {
  return queryOptions({
    queryKey: customerKeys.memberLists,
    queryFn: ({ signal }) => getMemberLists(signal),
  });
}

export function useMemberLists() {
  return useQuery(memberListsQueryOptions());
}
