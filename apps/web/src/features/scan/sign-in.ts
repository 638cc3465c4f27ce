import { SCAN_PATH } from '../../lib/public-paths';

/** Where the scanner sends someone to sign in (no session, a 401, signing out): back here afterwards. */
export const SCAN_SIGN_IN = `/connection?next=${encodeURIComponent(SCAN_PATH)}`;
