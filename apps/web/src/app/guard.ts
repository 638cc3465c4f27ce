import { type AppRoute, canAccessRoute, firstAllowedRoute, ROUTE_ACCESS } from '@guichet/shared/permissions';
import { nextFromSearch, safeNextPath } from '../lib/next-path';
import { SCAN_PATH } from '../lib/public-paths';

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'wait' }
  /** `denied`: the page the staff member may not open, so the page they land on can tell them why. */
  | { type: 'redirect'; to: string; denied?: AppRoute };

export interface GuardInput {
  /** The matched route pattern; null for the 404 page. */
  route: AppRoute | null;
  /** Where the visitor wanted to go (path + search), kept for after sign-in. */
  location: string;
  status: 'signed-out' | 'loading' | 'signed-in';
  hasOrganization: boolean;
  /**
   * Door staff: SCAN only in some organisation. The back office leaves such organisations out of its
   * selection, so with no other one their place is the scanner, not "create your organisation".
   */
  scanOnlyStaff?: boolean;
  permissions: readonly string[];
}

/** Pages a signed-in staff member has no reason to see. */
const SIGNED_OUT_ONLY: readonly AppRoute[] = ['/connection', '/regs8df0s9dfsd'];

export function connectionPath(from: string): string {
  const next = safeNextPath(from);
  return next && next !== '/' ? `/connection?next=${encodeURIComponent(next)}` : '/connection';
}

/** The navigation guard of spec §2 with the rules of the shared permission map. */
export function decideAccess(input: GuardInput): GuardDecision {
  const { route } = input;
  if (route === null) return { type: 'allow' };
  const access = ROUTE_ACCESS[route];

  if (access.kind === 'public') {
    if (input.status === 'signed-in' && SIGNED_OUT_ONLY.includes(route)) {
      const search = input.location.includes('?') ? input.location.slice(input.location.indexOf('?')) : '';
      return { type: 'redirect', to: nextFromSearch(search) ?? '/' };
    }
    if (input.status === 'loading' && SIGNED_OUT_ONLY.includes(route)) return { type: 'wait' };
    return { type: 'allow' };
  }
  if (input.status === 'loading') return { type: 'wait' };
  if (input.status === 'signed-out') return { type: 'redirect', to: connectionPath(input.location) };
  if (access.kind === 'signed-in') return { type: 'allow' };

  if (!input.hasOrganization) {
    return { type: 'redirect', to: input.scanOnlyStaff ? SCAN_PATH : '/create-organization' };
  }
  if (canAccessRoute(route, input.permissions)) return { type: 'allow' };
  const fallback = firstAllowedRoute(input.permissions);
  if (fallback === route) return { type: 'allow' };
  // The home page is where sign-in leads everyone: being sent on from it needs no explanation.
  return route === '/'
    ? { type: 'redirect', to: fallback }
    : { type: 'redirect', to: fallback, denied: route };
}
