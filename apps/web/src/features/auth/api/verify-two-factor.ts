import type { AuthSession } from '@guichet/shared/auth';
import { publicApi as api } from '../../../lib/public-api';
import { sessionStore } from '../../../lib/session/store';

/** The second step of a sign-in: the challenge of the first step and a code (authenticator or recovery). */
export async function verifyTwoFactor(body: { challenge: string; code: string }): Promise<AuthSession> {
  const session = await api.post<AuthSession>('/auth/two-factor/verify', body, { auth: false });
  sessionStore.setAuth(session);
  return session;
}
