import type { AppRoute } from '@guichet/shared/permissions';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/route-meta';
import { RouteError } from './components/route-error';
import { FullPageLoader, Root } from './root';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * Every page and layout is its own chunk. The sign-in pages (/connection, /regs8df0s9dfsd, /password-forgotten,
 * /reset-password) are not here: the entry starts a light app for them (see `public/public-app.tsx`); nor are
 * the buyer's pages (/e/..., /checkout/firebase), which have theirs (see `buyer/buyer-app.tsx`).
 */
function lazyComponent(load: Loader) {
  return async () => ({ Component: (await load()).default });
}

function page(path: AppRoute, load: Loader): RouteObject {
  const handle: RouteHandle = { route: path };
  return path === '/'
    ? { index: true, handle, lazy: lazyComponent(load) }
    : { path: path.slice(1), handle, lazy: lazyComponent(load) };
}

/** A page with its own part of the catalogue, loaded before it renders. */
function withStrings(part: 'events' | 'payments' | 'acquisition', load: Loader): Loader {
  return async () => {
    const [module] = await Promise.all([
      load(),
      import('../lib/i18n').then((i18n) => i18n.loadCataloguePart(part)),
    ]);
    return module;
  };
}

// The customers pages bring their own strings (see features/customers/i18n.ts).
const customers = () => import('./routes/customers/customers-section-page');
// The compose form uses the events' rich-text field, whose strings are in the events part.
const mailings = withStrings('events', () => import('./routes/customers/mailings-section-page'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        lazy: lazyComponent(() => import('./layouts/auth-layout')),
        children: [
          page('/create-organization', () => import('./routes/organizations/create-organization-page')),
          page('/term-of-services', () => import('./routes/terms/terms-page')),
          page('/invitations/accept', () => import('./routes/teams/accept-invitation-page')),
        ],
      },
      {
        lazy: lazyComponent(() => import('./layouts/default-layout')),
        children: [
          page('/', () => import('./routes/dashboard/dashboard-page')),
          page(
            '/events',
            withStrings('events', () => import('./routes/events/events-page')),
          ),
          page(
            '/events/create',
            withStrings('events', () => import('./routes/events/create-event-page')),
          ),
          page(
            '/events/:id',
            withStrings('events', () => import('./routes/events/event-page')),
          ),
          page('/customers', customers),
          page('/customers/list', customers),
          page('/customers/mailings', mailings),
          page('/customers/mailings/new', mailings),
          page('/customers/mailings/:id', mailings),
          page('/customers/:id', customers),
          page(
            '/finances',
            withStrings('payments', () => import('./routes/finances/finances-page')),
          ),
          page(
            '/finances/payouts',
            withStrings('payments', () => import('./routes/finances/payouts-page')),
          ),
          page(
            '/acquisition',
            withStrings('acquisition', () => import('./routes/acquisition/acquisition-page')),
          ),
          page('/teams', () => import('./routes/teams/teams-page')),
          page('/teams/add', () => import('./routes/teams/add-member-page')),
          page('/teams/:id', () => import('./routes/teams/member-page')),
          page(
            '/settings',
            withStrings('payments', () => import('./routes/settings/settings-page')),
          ),
          page('/settings/company', () => import('./routes/settings/company-page')),
          page('/settings/integrations', () => import('./routes/settings/integrations-page')),
          page(
            '/checkout/account',
            withStrings('payments', () => import('./routes/payments/account-page')),
          ),
          page(
            '/checkout/refresh',
            withStrings('payments', () => import('./routes/payments/refresh-page')),
          ),
          page('/profile', () => import('./routes/profile/profile-page')),
          page('/edit-password', () => import('./routes/auth/edit-password-page')),
        ],
      },
      { path: '*', lazy: lazyComponent(() => import('./layouts/not-found-layout')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
