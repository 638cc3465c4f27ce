import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { meQueryOptions } from './me';
import { type SessionState, sessionStore } from './store';

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

export type SessionStatus = 'signed-out' | 'loading' | 'signed-in';

/**
 * Spec §4: signed in when the token is present and the staff profile has loaded; a profile that fails to
 * load counts as no user.
 */
export function useSession() {
  const state = useSessionState();
  const me = useQuery({ ...meQueryOptions(), enabled: state.token !== null });
  let status: SessionStatus = 'signed-out';
  if (state.token !== null) {
    if (me.isSuccess) status = 'signed-in';
    else if (me.isPending) status = 'loading';
  }
  return {
    status,
    me: status === 'signed-in' ? me.data : undefined,
    profileError: me.error,
    user: state.user,
    organization: state.organization,
    organizationId: state.organizationId,
    permissions: state.permissions,
    role: state.role,
  };
}
