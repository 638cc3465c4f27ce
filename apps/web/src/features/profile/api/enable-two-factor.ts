import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateTwoFactor } from './get-two-factor';

/** POST /auth/two-factor/enable: the first code turns two-factor on and answers the recovery codes. */
export function enableTwoFactor(body: { code: string }): Promise<{ recoveryCodes: string[] }> {
  return api.post<{ recoveryCodes: string[] }>('/auth/two-factor/enable', body, { retry: false });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor, onSuccess: useInvalidateTwoFactor() });
}
