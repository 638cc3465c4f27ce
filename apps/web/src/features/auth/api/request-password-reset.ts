import { publicApi as api } from '../../../lib/public-api';

export function requestPasswordReset(body: { email: string }): Promise<void> {
  return api.post<void>('/auth/password-reset', body, { auth: false });
}
