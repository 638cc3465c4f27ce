import { useMutation } from '@tanstack/react-query';
import { api, staffSession } from '../../../lib/api-client';

/** Every session ends with a password change; this device goes on with the new refresh cookie it was given. */
export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  await api.post<void>('/auth/password', body);
  await staffSession.renew();
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
