import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `DELETE /auth/sessions`: signs every device out, this one included; access tokens already issued are
 * refused at once. Not retried. The page ends the local session once it is on its way to the sign-in page.
 */
export function signOutEverywhere(): Promise<void> {
  return api.delete<void>('/auth/sessions', undefined, { retry: false });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
