import { publicApi as api } from '../../../lib/public-api';

export function confirmPasswordReset(body: { code: string; newPassword: string }): Promise<void> {
  return api.post<void>('/auth/password-reset/confirm', body, { auth: false });
}
