import type { AuthSession } from '@guichet/shared/auth';
import { publicApi as api } from '../../../lib/public-api';
import { sessionStore } from '../../../lib/session/store';

/** Where the e-mail a link was asked for is kept, so the device that opens the link can fill it in. */
const EMAIL_KEY = 'guichet.emailLinkFor';

export async function requestEmailLink(body: { email: string }): Promise<void> {
  await api.post<void>('/auth/email-link', body, { auth: false });
  try {
    localStorage.setItem(EMAIL_KEY, body.email);
  } catch {
    // The e-mail is asked for again when the link is opened.
  }
}

export function emailLinkRequestedFor(): string {
  try {
    return localStorage.getItem(EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Signs in with the link's token; a 401 `multi-factor-auth-required` asks for the second step. */
export async function confirmEmailLink(body: { token: string; email: string }): Promise<AuthSession> {
  const session = await api.post<AuthSession>('/auth/email-link/confirm', body, { auth: false });
  sessionStore.setAuth(session);
  try {
    localStorage.removeItem(EMAIL_KEY);
  } catch {
    // Nothing kept.
  }
  return session;
}
