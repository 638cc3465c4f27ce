import type { TwoFactorStatus } from '@guichet/shared/sign-in-options';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /auth/two-factor: whether two-factor sign-in is on, and how many recovery codes are left. */
export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>('/auth/two-factor', { signal });
}

export function twoFactorQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'two-factor'], queryFn: ({ signal }) => getTwoFactor(signal) });
}

/** After turning two-factor on or off: the status is read again. */
export function useInvalidateTwoFactor() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: twoFactorQueryOptions().queryKey });
}
