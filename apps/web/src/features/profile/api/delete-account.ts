import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `DELETE /auth/account`: not retried, a 409 `last-admin` is an answer, not a hiccup. The page ends the local
 * session once it is on its way to the sign-in page.
 */
export function deleteAccount(body: { password: string }): Promise<void> {
  return api.delete<void>('/auth/account', body, { retry: false });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
  });
}
