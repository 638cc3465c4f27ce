import type { AppRoute } from '@guichet/shared/permissions';

export type NavKey =
  | 'dashboard'
  | 'events'
  | 'customers'
  | 'memberLists'
  | 'finances'
  | 'acquisition'
  | 'teams'
  | 'settings';

/** The back office's sections, in menu order; each is shown only when its route is permitted. */
export const NAV_ITEMS: readonly { route: AppRoute; label: NavKey }[] = [
  { route: '/', label: 'dashboard' },
  { route: '/events', label: 'events' },
  { route: '/customers', label: 'customers' },
  { route: '/customers/list', label: 'memberLists' },
  { route: '/finances', label: 'finances' },
  { route: '/acquisition', label: 'acquisition' },
  { route: '/teams', label: 'teams' },
  { route: '/settings', label: 'settings' },
];
