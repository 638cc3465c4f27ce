import type { AuthSession } from '@guichet/shared/auth';
import type {
  AttendeeResult,
  OfflineSnapshot,
  RedeemAnswer,
  RedeemRequest,
  ScanEvent,
  ScanOrganization,
  SyncRequest,
  SyncResponse,
} from '@guichet/shared/scan';
import { SCAN_PATH } from '../../../app/scan/install';
import { isApiError } from '../../../lib/api-error';
import { API_BASE_URL, type ApiClient, createApiClient, fetchImpl } from '../../../lib/http-client';
import { sessionStore } from '../../../lib/session/store';
import { createTokenManager } from '../../../lib/token-manager';

/**
 * The scanner's API calls, on the staff session the sign-in pages persist (the same token and refresh
 * cookie as the back office), without the back office's query cache. Each call names its organisation: a
 * door staff member may scan for several, and the offline queue syncs each organisation's scans apart.
 */

/** A scan at the door must not wait: past this the scanner decides offline. */
export const REDEEM_TIMEOUT_MS = 4000;
/** A large event's snapshot can take a while on a weak network. */
const SLOW_TIMEOUT_MS = 30_000;

let leaving = false;
/** A 401 ends the session (as in the back office) and asks for a sign-in that comes back here. */
function onUnauthorized(): void {
  sessionStore.clear();
  tokenManager.stop();
  if (leaving) return;
  leaving = true;
  window.location.assign(`/connection?next=${encodeURIComponent(SCAN_PATH)}`);
}

const refreshClient = createApiClient({
  baseUrl: API_BASE_URL,
  fetch: fetchImpl,
  getAccessToken: async () => null,
  getOrganizationId: () => null,
  onUnauthorized,
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

/** Keeps the token fresh while the scanner is open (a door shift outlasts an access token). */
export function startTokenRefresh(): () => void {
  tokenManager.schedule();
  return sessionStore.subscribe(() => tokenManager.schedule());
}

const clients = new Map<string, ApiClient>();
function client(organizationId: string | null, timeoutMs = SLOW_TIMEOUT_MS): ApiClient {
  const key = `${organizationId ?? ''}|${timeoutMs}`;
  let found = clients.get(key);
  if (!found) {
    found = createApiClient({
      baseUrl: API_BASE_URL,
      fetch: fetchImpl,
      getAccessToken: () => tokenManager.getValidToken(),
      getOrganizationId: () => organizationId,
      onUnauthorized,
      timeoutMs,
    });
    clients.set(key, found);
  }
  return found;
}

/** No answer at all (network down, timed out): the scanner goes offline. Any HTTP answer is not that. */
export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && error.status === 0;
}

export async function getScanOrganizations(): Promise<ScanOrganization[]> {
  return (await client(null).get<{ items: ScanOrganization[] }>('/scan/organizations')).items;
}

export async function getScanEvents(organizationId: string): Promise<ScanEvent[]> {
  return (await client(organizationId).get<{ items: ScanEvent[] }>('/scan/events')).items;
}

export function redeem(organizationId: string, body: RedeemRequest): Promise<RedeemAnswer> {
  return client(organizationId, REDEEM_TIMEOUT_MS).post<RedeemAnswer>('/scan/redeem', body);
}

export function getSnapshot(organizationId: string, listIds: readonly string[]): Promise<OfflineSnapshot> {
  const query = new URLSearchParams({ listIds: listIds.join(',') });
  return client(organizationId).get<OfflineSnapshot>(`/scan/snapshot?${query}`);
}

export function syncScans(organizationId: string, body: SyncRequest): Promise<SyncResponse> {
  return client(organizationId).post<SyncResponse>('/scan/sync', body);
}

export async function searchAttendees(
  organizationId: string,
  eventId: string,
  q: string,
  signal?: AbortSignal,
): Promise<AttendeeResult[]> {
  const query = new URLSearchParams({ q, limit: '20' });
  const path = `/events/${encodeURIComponent(eventId)}/checkin-attendees?${query}`;
  return (await client(organizationId, REDEEM_TIMEOUT_MS).get<{ items: AttendeeResult[] }>(path, { signal }))
    .items;
}

/** Whether the server answers at all (the connectivity probe): no session needed. */
export async function probeServer(signal: AbortSignal): Promise<boolean> {
  const response = await fetchImpl(`${API_BASE_URL}/health`, { cache: 'no-store', signal });
  return response.ok;
}

/** Revokes the session on the server when it can; the local session goes anyway. */
export async function signOut(): Promise<void> {
  try {
    await refreshClient.post<void>('/auth/sign-out', undefined, { auth: false, retry: false });
  } catch {
    // Offline or already revoked.
  } finally {
    tokenManager.stop();
    sessionStore.clear();
  }
}
