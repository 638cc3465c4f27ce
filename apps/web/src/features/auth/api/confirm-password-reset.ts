import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function confirmPasswordReset(body: { code: string; newPassword: string }): Promise<void> {
  return api.post<void>('/auth/password-reset/confirm', body, { auth: false });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
