import type { AuthSession } from '@guichet/shared/auth';
import { publicApi as api } from '../../../lib/public-api';
import { sessionStore } from '../../../lib/session/store';

/** POST /auth/token: after a third-party sign-in the refresh cookie is set; trade it for an access token. */
export async function sessionFromCookie(): Promise<AuthSession> {
  const session = await api.post<AuthSession>('/auth/token', undefined, { auth: false });
  sessionStore.setAuth(session);
  return session;
}
