import type { AuthSession } from '@guichet/shared/auth';
import type { SignInProvider } from '@guichet/shared/sign-in-options';
import { API_BASE_URL } from '../../../lib/http-client';
import { publicApi as api } from '../../../lib/public-api';
import { sessionStore } from '../../../lib/session/store';

export async function getProviders(): Promise<SignInProvider[]> {
  return (await api.get<{ items: SignInProvider[] }>('/auth/providers', { auth: false })).items;
}

export function startUrl(providerId: string, mode: 'popup' | 'redirect', next: string | null): string {
  const query = new URLSearchParams({ mode, ...(next ? { next } : {}) });
  return `${API_BASE_URL}/auth/oidc/${encodeURIComponent(providerId)}/start?${query.toString()}`;
}

/** After a third-party sign-in the refresh cookie is set: trade it for an access token. */
export async function sessionFromCookie(): Promise<AuthSession> {
  const session = await api.post<AuthSession>('/auth/token', undefined, { auth: false });
  sessionStore.setAuth(session);
  return session;
}
