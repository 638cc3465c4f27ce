import { isApiError } from '../../../lib/api-error';
import { leaveFor } from '../../../lib/public-paths';
import { createSessionClient } from '../../../lib/session/session-client';
import { SCAN_SIGN_IN } from '../sign-in';

/**
 * The scanner's API client, on the staff session the sign-in pages persist (the same token and refresh
 * cookie as the back office), without the back office's query cache. Each call names its organisation: a
 * door staff member may scan for several, and the offline queue syncs each organisation's scans apart.
 */

/** A 401 ends the session (as in the back office) and asks for a sign-in that comes back here. */
export const {
  api: scanApi,
  startTokenRefresh,
  signOut,
} = createSessionClient(() => void leaveFor(SCAN_SIGN_IN, undefined, 'assign'));

/** A scan at the door must not wait: past this the scanner decides offline. */
export const REDEEM_TIMEOUT_MS = 4000;
/** A large event's snapshot can take a while on a weak network. */
export const SLOW_TIMEOUT_MS = 30_000;

/** No answer at all (network down, timed out): the scanner goes offline. Any HTTP answer is not that. */
export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && error.status === 0;
}
