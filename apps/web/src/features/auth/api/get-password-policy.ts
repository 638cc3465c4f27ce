import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@guichet/shared/password-policy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getPasswordPolicy(signal?: AbortSignal): Promise<PasswordPolicy> {
  return api.get<PasswordPolicy>('/auth/password-policy', { signal, auth: false });
}

export function passwordPolicyQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'password-policy'],
    queryFn: ({ signal }) => getPasswordPolicy(signal),
    staleTime: 10 * 60_000,
  });
}

/** The server's policy; the provider default (spec §5) until it has loaded. */
export function usePasswordPolicy() {
  const query = useQuery(passwordPolicyQueryOptions());
  return { ...query, policy: query.data ?? DEFAULT_PASSWORD_POLICY };
}
