import type { AuthSession } from '@guichet/shared/auth';
import { isApiError } from './api-error';

/** Spec §9: refreshed 5 minutes before expiry, counted expired 30 s before, errors back off 30 s → 16 min. */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
export const EXPIRY_SKEW_MS = 30_000;
export const REFRESH_BACKOFF_START_MS = 30_000;
export const REFRESH_BACKOFF_MAX_MS = 16 * 60_000;
/** Shortest wait between two scheduled refreshes, so a short-lived token cannot cause a busy loop. */
const MIN_SCHEDULE_MS = 5_000;
export const REFRESH_LOCK_NAME = 'guichet-token-refresh';

export interface TokenState {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface TokenManagerDeps {
  /** The token this tab holds. */
  getToken(): TokenState | null;
  /** Re-reads persisted storage (another tab may have refreshed) and returns the token found there. */
  syncFromStorage(): TokenState | null;
  saveSession(session: AuthSession): void;
  /** `POST /auth/token`: rotates the refresh cookie. */
  refresh(): Promise<AuthSession>;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Serialises refreshes across tabs: the server revokes the whole family when a rotated token is reused. */
  locks?: LockManagerLike | null;
}

export function isTokenExpired(state: TokenState, now: number): boolean {
  return state.expiresAt - EXPIRY_SKEW_MS <= now;
}

/** How long to wait before refreshing a token, counted from `now`. */
export function refreshDelay(state: TokenState, now: number): number {
  const untilExpiry = state.expiresAt - now;
  const planned = untilExpiry - REFRESH_BEFORE_EXPIRY_MS;
  if (planned > 0) return planned;
  return Math.max(Math.floor((untilExpiry - EXPIRY_SKEW_MS) / 2), MIN_SCHEDULE_MS);
}

export function nextBackoff(previous: number): number {
  return previous <= 0 ? REFRESH_BACKOFF_START_MS : Math.min(previous * 2, REFRESH_BACKOFF_MAX_MS);
}

export function createTokenManager(deps: TokenManagerDeps) {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    deps.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let scheduledToken: string | null = null;
  let backoff = 0;
  let inFlight: Promise<string> | null = null;

  function cancel(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  function arm(ms: number): void {
    cancel();
    timer = setTimer(() => {
      timer = null;
      scheduledToken = null;
      refreshNow().catch(() => {
        // A failure re-arms the timer with back-off; a 401 has already ended the session.
      });
    }, ms);
  }

  /** Plans the next refresh of the current token; does nothing when it is already planned. */
  function schedule(): void {
    const state = deps.getToken();
    if (!state) {
      cancel();
      scheduledToken = null;
      backoff = 0;
      return;
    }
    if (state.token === scheduledToken && timer !== null) return;
    scheduledToken = state.token;
    arm(backoff > 0 ? backoff : refreshDelay(state, now()));
  }

  function refreshNow(): Promise<string> {
    if (inFlight) return inFlight;
    const before = deps.getToken()?.token ?? null;
    const run = async (): Promise<string> => {
      const stored = deps.syncFromStorage();
      if (stored && stored.token !== before && !isTokenExpired(stored, now())) return stored.token;
      const session = await deps.refresh();
      deps.saveSession(session);
      return session.accessToken;
    };
    inFlight = (async () => {
      try {
        const token = deps.locks ? await deps.locks.request(REFRESH_LOCK_NAME, run) : await run();
        backoff = 0;
        scheduledToken = null;
        schedule();
        return token;
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          cancel();
          backoff = 0;
        } else {
          backoff = nextBackoff(backoff);
          scheduledToken = deps.getToken()?.token ?? null;
          if (scheduledToken) arm(backoff);
        }
        throw error;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  /**
   * The token to send now: refreshed first when it counts as expired. If that refresh fails for a reason
   * other than 401 while the token still works, the old token is used.
   */
  async function getValidToken(): Promise<string | null> {
    const state = deps.getToken();
    if (!state) return null;
    if (!isTokenExpired(state, now())) return state.token;
    try {
      return await refreshNow();
    } catch (error) {
      if (!(isApiError(error) && error.status === 401) && state.expiresAt > now()) return state.token;
      throw error;
    }
  }

  return {
    schedule,
    refreshNow,
    getValidToken,
    stop(): void {
      cancel();
      scheduledToken = null;
      backoff = 0;
    },
    /** For tests and diagnostics. */
    currentBackoff: () => backoff,
  };
}

export type TokenManager = ReturnType<typeof createTokenManager>;
