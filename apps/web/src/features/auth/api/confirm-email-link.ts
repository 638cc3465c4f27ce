import type { AuthSession } from '@guichet/shared/auth';
import { publicApi as api } from '../../../lib/public-api';
import { sessionStore } from '../../../lib/session/store';
import { forgetEmailLinkRequest } from './request-email-link';

/**
 * POST /auth/email-link/confirm: signs in with the link's token; a 401 `multi-factor-auth-required` asks
 * for the second step.
 */
export async function confirmEmailLink(body: { token: string; email: string }): Promise<AuthSession> {
  const session = await api.post<AuthSession>('/auth/email-link/confirm', body, { auth: false });
  sessionStore.setAuth(session);
  forgetEmailLinkRequest();
  return session;
}
