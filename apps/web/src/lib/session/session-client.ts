import type { AuthSession } from '@guichet/shared/auth';
import { API_BASE_URL, createApiClient, fetchImpl } from '../http-client';
import { createTokenManager } from '../token-manager';
import { type SessionStore, sessionStore } from './store';

/**
 * The API client of a start-up that works on the staff session the sign-in pages persist: the back office
 * (`api-client.ts`) and the door scanner. Calls carry the session's token, refreshed by its token manager
 * (spec §9 timings, one refresh at a time across tabs), and the session's organisation unless a call names
 * its own. A 401 from any call or refresh ends the local session, then `afterUnauthorized` runs the
 * start-up's own rule (where to sign in again, what else to forget); `hadSession` says whether there was a
 * session to end.
 */
export function createSessionClient(
  afterUnauthorized: (hadSession: boolean) => void,
  store: SessionStore = sessionStore,
  fetch: typeof globalThis.fetch = fetchImpl,
) {
  function endSession(): void {
    tokenManager.stop();
    store.clear();
  }

  function onUnauthorized(): void {
    const hadSession = store.getState().token !== null;
    endSession();
    afterUnauthorized(hadSession);
  }

  const api = createApiClient({
    baseUrl: API_BASE_URL,
    fetch,
    getAccessToken: () => tokenManager.getValidToken(),
    getOrganizationId: () => store.getState().organizationId,
    onUnauthorized,
  });

  /** Calls about the session itself carry no token (the refresh cookie speaks) and no organisation. */
  const sessionCall = { auth: false, organizationId: null } as const;

  const tokenManager = createTokenManager({
    getToken: () => store.getTokenState(),
    syncFromStorage: () => {
      store.reload();
      return store.getTokenState();
    },
    saveSession: (session: AuthSession) => store.setAuth(session),
    refresh: () => api.post<AuthSession>('/auth/token', undefined, sessionCall),
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
  });

  return {
    api,
    /** Wipes what this browser knows of the session (token, user, organisation). */
    endSession,
    /** The 401 rule, for a read made apart from the client (a live stream answered 401). */
    onUnauthorized,
    /** Keeps the refresh timer in step with the token (sign-in, refresh in another tab, sign-out). */
    startTokenRefresh(): () => void {
      tokenManager.schedule();
      return store.subscribe(() => tokenManager.schedule());
    },
    /**
     * A fresh access token from the refresh cookie, now: after a password change, which ends every token
     * issued before it (this device's included) and sets a new refresh cookie.
     */
    async renew(): Promise<void> {
      store.setAuth(await api.post<AuthSession>('/auth/token', undefined, sessionCall));
    },
    /** Revokes the refresh family on the server when it can; the local session goes whatever the answer. */
    async signOut(): Promise<void> {
      try {
        await api.post<void>('/auth/sign-out', undefined, sessionCall);
      } catch {
        // Offline or already revoked.
      } finally {
        endSession();
      }
    },
  };
}

export type SessionClient = ReturnType<typeof createSessionClient>;
