import { leaveFor } from './public-paths';
import { queryClient } from './query-client';
import { createSessionClient } from './session/session-client';

/**
 * The back office's API client, on the persisted session (the sign-in pages use `public-api.ts`).
 * Spec §4: any 401 wipes the session (token, user, stored data, cached queries), goes to /connection and
 * reloads; a visitor already there without a session stays.
 */
export const staffSession = createSessionClient((hadSession) => {
  queryClient.clear();
  if (typeof window === 'undefined') return;
  if (!hadSession && window.location.pathname === '/connection') return;
  void leaveFor('/connection', undefined, 'assign');
});

export const { api, startTokenRefresh } = staffSession;
