import type { AuthSession } from '@guichet/shared/auth';
import { API_BASE_URL, createApiClient, fetchImpl } from './http-client';
import { leaveFor } from './public-paths';
import { queryClient } from './query-client';
import { sessionStore } from './session/store';
import { createTokenManager } from './token-manager';

export * from './http-client';

// ---------------------------------------------------------------------------------------------------------
// The back office's instance, wired to the persisted session (the sign-in pages use `public-api.ts`).

let leaving = false;

/** Spec §4: any 401 wipes the session (token, user, stored data, cached queries), goes to /connection, reloads. */
export function handleUnauthorized(): void {
  const hadSession = sessionStore.getState().token !== null;
  sessionStore.clear();
  tokenManager.stop();
  queryClient.clear();
  if (leaving || typeof window === 'undefined') return;
  if (!hadSession && window.location.pathname === '/connection') return;
  leaving = true;
  void leaveFor('/connection', undefined, 'assign');
}

/** `POST /auth/token` goes through its own client: it must not wait for a token refresh itself. */
const refreshClient = createApiClient({
  baseUrl: API_BASE_URL,
  fetch: fetchImpl,
  getAccessToken: async () => null,
  getOrganizationId: () => null,
  onUnauthorized: handleUnauthorized,
});

export const tokenManager = createTokenManager({
  getToken: () => sessionStore.getTokenState(),
  syncFromStorage: () => {
    sessionStore.reload();
    return sessionStore.getTokenState();
  },
  saveSession: (session: AuthSession) => sessionStore.setAuth(session),
  refresh: () => refreshClient.post<AuthSession>('/auth/token', undefined, { auth: false }),
  locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
});

export const api = createApiClient({
  baseUrl: API_BASE_URL,
  fetch: fetchImpl,
  getAccessToken: () => tokenManager.getValidToken(),
  getOrganizationId: () => sessionStore.getState().organizationId,
  onUnauthorized: handleUnauthorized,
});

/** Keeps the refresh timer in step with the token (sign-in, refresh in another tab, sign-out). */
export function startTokenRefresh(): () => void {
  tokenManager.schedule();
  return sessionStore.subscribe(() => tokenManager.schedule());
}
