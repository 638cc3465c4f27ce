import type { StaffMe } from '@guichet/shared/staffs';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

/** GET /staffs/me (spec §7): the profile with every organisation of the staff member. */
export function getMe(signal?: AbortSignal): Promise<StaffMe> {
  return api.get<StaffMe>('/staffs/me', { signal });
}

export const ME_QUERY_KEY = ['staffs', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });
}
