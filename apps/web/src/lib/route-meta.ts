import { type AppRoute, canAccessRoute } from '@guichet/shared/permissions';

/** Translation keys of page titles (under `pages.`), checked against the English catalogue. */
export type PageKey = keyof typeof import('./i18n/locales/en').en.pages;

export interface RouteMeta {
  title: PageKey;
  /** The page above this one, for breadcrumbs. */
  parent?: AppRoute;
}

export const ROUTE_META: Record<AppRoute, RouteMeta> = {
  '/': { title: 'dashboard' },
  '/events': { title: 'events', parent: '/' },
  '/events/create': { title: 'eventsCreate', parent: '/events' },
  '/events/:id': { title: 'eventDetail', parent: '/events' },
  '/customers': { title: 'customers', parent: '/' },
  '/customers/list': { title: 'customersList', parent: '/customers' },
  // The page's title is the customer's name; until it loads, the section's.
  '/customers/:id': { title: 'customers', parent: '/customers' },
  // Titled by the mailings' own strings (features/mailings/i18n.ts) in the pages, which link back to the
  // mailings list themselves: a title in the app's catalogue would grow the shell past its budget.
  '/customers/mailings': { title: 'customers', parent: '/customers' },
  '/customers/mailings/new': { title: 'customers', parent: '/customers' },
  '/customers/mailings/:id': { title: 'customers', parent: '/customers' },
  '/finances': { title: 'finances', parent: '/' },
  '/finances/payouts': { title: 'financesPayouts', parent: '/finances' },
  '/acquisition': { title: 'acquisition', parent: '/' },
  '/teams': { title: 'teams', parent: '/' },
  '/teams/add': { title: 'teamsAdd', parent: '/teams' },
  '/teams/:id': { title: 'teamDetail', parent: '/teams' },
  '/settings': { title: 'settings', parent: '/' },
  '/settings/company': { title: 'settingsCompany', parent: '/settings' },
  '/settings/integrations': { title: 'settingsIntegrations', parent: '/settings' },
  '/checkout/account': { title: 'checkoutAccount', parent: '/finances' },
  '/checkout/refresh': { title: 'checkoutRefresh', parent: '/finances' },
  '/checkout/firebase': { title: 'checkoutFirebase' },
  '/profile': { title: 'profile', parent: '/' },
  '/edit-password': { title: 'editPassword', parent: '/profile' },
  '/create-organization': { title: 'createOrganization' },
  '/connection': { title: 'connection' },
  '/regs8df0s9dfsd': { title: 'registration' },
  '/password-forgotten': { title: 'passwordForgotten' },
  '/reset-password': { title: 'resetPassword' },
  '/term-of-services': { title: 'terms' },
  '/invitations/accept': { title: 'invitationAccept' },
};

/** The route's ancestors then itself, for breadcrumbs; route patterns with `:id` link to their own URL. */
export function routeTrail(route: AppRoute): AppRoute[] {
  const trail: AppRoute[] = [];
  let current: AppRoute | undefined = route;
  while (current) {
    trail.unshift(current);
    current = ROUTE_META[current].parent;
  }
  return trail;
}

/** The route's ancestors the staff member may open (holding `permissions`): its breadcrumbs. */
export function reachableAncestors(
  route: AppRoute,
  permissions: readonly string[] | null | undefined,
): AppRoute[] {
  return routeTrail(route)
    .slice(0, -1)
    .filter((ancestor) => canAccessRoute(ancestor, permissions));
}

/** What a route object carries in `handle`. */
export interface RouteHandle {
  route: AppRoute;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value;
}
