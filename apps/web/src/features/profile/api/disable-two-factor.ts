import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateTwoFactor } from './get-two-factor';

/** POST /auth/two-factor/disable: turns two-factor off, with the password. */
export function disableTwoFactor(body: { password: string }): Promise<void> {
  return api.post<void>('/auth/two-factor/disable', body, { retry: false });
}

export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: useInvalidateTwoFactor() });
}
