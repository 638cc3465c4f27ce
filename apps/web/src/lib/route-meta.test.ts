import type { AppRoute } from '@guichet/shared/permissions';
import { ROUTE_ACCESS } from '@guichet/shared/permissions';
import { describe, expect, it } from 'vitest';
import { reachableAncestors, routeTrail } from './route-meta';

describe('breadcrumbs', () => {
  it('lead only to pages the staff member may open', () => {
    // EVENT cannot open the dashboard: the events page's breadcrumbs start at the events list.
    expect(routeTrail('/events/:id')).toEqual(['/', '/events', '/events/:id']);
    expect(reachableAncestors('/events/:id', ['EVENT'])).toEqual(['/events']);
    expect(reachableAncestors('/events/:id', ['ALL'])).toEqual(['/', '/events']);
    expect(reachableAncestors('/checkout/account', ['FINANCE'])).toEqual(['/finances']);
    expect(reachableAncestors('/edit-password', ['SCAN'])).toEqual(['/profile']);
  });

  it('never hold a page the permissions refuse, whatever the page and permissions', () => {
    const sets = [['EVENT'], ['MEMBER'], ['FINANCE'], ['DASHBOARD'], ['SCAN'], ['ALL'], ['EVENT', 'FINANCE']];
    for (const route of Object.keys(ROUTE_ACCESS) as AppRoute[]) {
      for (const held of sets) {
        for (const ancestor of reachableAncestors(route, held)) {
          const access = ROUTE_ACCESS[ancestor];
          if (access.kind === 'permission') {
            expect(access.anyOf.some((permission) => held.includes(permission) || held.includes('ALL'))).toBe(
              true,
            );
          }
        }
      }
    }
  });
});
