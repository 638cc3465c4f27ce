import type { AuthSession, SignUpBody } from '@guichet/shared/auth';
import { publicApi as api } from '../../../lib/public-api';
import { sessionStore } from '../../../lib/session/store';

/** Creates the account, signed in at once; the session is kept where the back office reads it. */
export async function signUp(body: SignUpBody): Promise<AuthSession> {
  const session = await api.post<AuthSession>('/auth/sign-up', body, { auth: false });
  sessionStore.setAuth(session);
  return session;
}
