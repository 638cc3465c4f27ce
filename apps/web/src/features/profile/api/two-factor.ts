import type { TwoFactorStatus } from '@guichet/shared/sign-in-options';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>('/auth/two-factor', { signal });
}

export function twoFactorQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'two-factor'], queryFn: ({ signal }) => getTwoFactor(signal) });
}

/** A new secret to scan; nothing changes until a first code is entered. */
export function setUpTwoFactor(): Promise<{ secret: string; otpauthUri: string }> {
  return api.post('/auth/two-factor/setup', undefined, { retry: false });
}

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}

function useInvalidateStatus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: twoFactorQueryOptions().queryKey });
}

export function useEnableTwoFactor() {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: (body: { code: string }) =>
      api.post<{ recoveryCodes: string[] }>('/auth/two-factor/enable', body, { retry: false }),
    onSuccess: invalidate,
  });
}

export function useDisableTwoFactor() {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: (body: { password: string }) =>
      api.post<void>('/auth/two-factor/disable', body, { retry: false }),
    onSuccess: invalidate,
  });
}
