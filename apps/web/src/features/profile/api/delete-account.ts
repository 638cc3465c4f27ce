import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endLocalSession } from '../../../lib/session/actions';

/** `DELETE /auth/account`: not retried, a 409 `last-admin` is an answer, not a hiccup. */
export function deleteAccount(body: { password: string }): Promise<void> {
  return api.delete<void>('/auth/account', body, { retry: false });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (body: { password: string }) => {
      await deleteAccount(body);
      endLocalSession();
    },
  });
}
