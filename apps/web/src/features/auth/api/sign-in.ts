import type { AuthSession, SignInBody } from '@guichet/shared/auth';
import { publicApi as api } from '../../../lib/public-api';
import { sessionStore } from '../../../lib/session/store';

/** Signs in and keeps the session where the back office reads it; the back office loads the profile. */
export async function signIn(body: SignInBody): Promise<AuthSession> {
  const session = await api.post<AuthSession>('/auth/sign-in', body, { auth: false });
  sessionStore.setAuth(session);
  return session;
}
