import type { MemberList } from '@guichet/shared/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** `GET /member-lists`: the organisation's lists with their member counts. */
export function getMemberLists(signal?: AbortSignal): Promise<MemberList[]> {
  return api.get<MemberList[]>('/member-lists', { signal });
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
