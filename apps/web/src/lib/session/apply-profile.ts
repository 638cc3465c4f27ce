import type { PublicUser } from '@guichet/shared/auth';
import { deriveRole, selectOrganization } from '@guichet/shared/permissions';
import type { StaffMe } from '@guichet/shared/staffs';
import { type SessionState, sessionStore } from './store';

/**
 * Spec §4: the state once the profile is loaded. The stored organisation is used when it is still one of the
 * staff member's eligible organisations, otherwise the first; with none, only the user is kept.
 */
export function stateWithProfile(state: SessionState, me: StaffMe): SessionState {
  const selected = selectOrganization(me.staffOrganization, state.organizationId);
  const user: PublicUser = { id: me.id, email: me.email, displayName: me.displayName, locale: me.locale };
  const permissions = selected ? [...selected.permissions] : [];
  return {
    ...state,
    user,
    organizationId: selected?.organization_id ?? null,
    organization: selected?.organization ?? null,
    permissions,
    role: selected ? deriveRole(permissions) : null,
  };
}

export function applyProfile(me: StaffMe, store = sessionStore): void {
  store.update((state) => stateWithProfile(state, me));
}
