import { sessionStore } from '../../../lib/session/store';

/** Query keys of the settings area, per organisation (switching organisation never shows stale data). */
export function settingsKey(...parts: string[]) {
  return ['settings', sessionStore.getState().organizationId ?? 'none', ...parts] as const;
}
