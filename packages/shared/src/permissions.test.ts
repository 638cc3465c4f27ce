import { describe, expect, it } from 'vitest';
import {
  API_ACCESS,
  canAccessRoute,
  canCallApi,
  checkPermission,
  deriveRole,
  firstAllowedRoute,
  hasRole,
  isScanOnly,
  PUBLIC_PATHS,
  ROUTE_ACCESS,
  selectOrganization,
} from './permissions';

const entry = (organization_id: string, permissions: string[]) => ({ organization_id, permissions });

describe('spec §4 organisation selection', () => {
  const a = entry('a', ['EVENT']);
  const b = entry('b', ['ALL']);
  const scanOnly = entry('s', ['SCAN']);

  it('uses the matching entry when an organisation is already stored', () => {
    expect(selectOrganization([a, b], 'b')).toBe(b);
  });
  it('otherwise uses the first', () => {
    expect(selectOrganization([a, b], null)).toBe(a);
    expect(selectOrganization([a, b], undefined)).toBe(a);
  });
  it('falls back to the first when the stored organisation is no longer one of theirs', () => {
    expect(selectOrganization([a, b], 'gone')).toBe(a);
  });
  it('ignores entries whose only permission is SCAN', () => {
    expect(selectOrganization([scanOnly, b], null)).toBe(b);
    expect(selectOrganization([scanOnly, b], 's')).toBe(b);
  });
  it('keeps entries that hold SCAN among other permissions', () => {
    const mixed = entry('m', ['SCAN', 'EVENT']);
    expect(selectOrganization([mixed], null)).toBe(mixed);
    expect(isScanOnly(mixed)).toBe(false);
  });
  it('returns null (only the user) when none remain', () => {
    expect(selectOrganization([scanOnly], 's')).toBeNull();
    expect(selectOrganization([], null)).toBeNull();
  });
});

describe('spec §4/§6 role derivation', () => {
  it('ALL gives ADMIN', () => {
    expect(deriveRole(['ALL'])).toBe('ADMIN');
    expect(deriveRole(['EVENT', 'ALL'])).toBe('ADMIN');
  });
  it('anyone else is MEMBER', () => {
    expect(deriveRole(['EVENT', 'FINANCE'])).toBe('MEMBER');
    expect(deriveRole([])).toBe('MEMBER');
  });
});

describe('spec §6 role check', () => {
  it('passes when the given role is in the stored role value', () => {
    expect(hasRole('ADMIN', 'ADMIN')).toBe(true);
    expect(hasRole(['MEMBER', 'ADMIN'], 'ADMIN')).toBe(true);
  });
  it('fails otherwise', () => {
    expect(hasRole('MEMBER', 'ADMIN')).toBe(false);
    expect(hasRole(null, 'ADMIN')).toBe(false);
    expect(hasRole([], 'MEMBER')).toBe(false);
  });
});

describe('spec §6 permission check', () => {
  it("passes if the permissions contain the special value 'all', in any case", () => {
    expect(checkPermission(['all'], ['EVENT'])).toBe(true);
    expect(checkPermission(['ALL'], ['FINANCE'])).toBe(true);
    expect(checkPermission(['All'], [])).toBe(true);
  });
  it('otherwise passes if any requested permission is held', () => {
    expect(checkPermission(['EVENT'], ['ALL', 'EVENT'])).toBe(true);
    expect(checkPermission(['MEMBER', 'FINANCE'], ['FINANCE'])).toBe(true);
  });
  it('fails when none of the requested permissions is held', () => {
    expect(checkPermission(['EVENT'], ['FINANCE'])).toBe(false);
    expect(checkPermission(['SCAN'], ['ALL', 'EVENT'])).toBe(false);
  });
  it('fails with no permissions', () => {
    expect(checkPermission([], ['EVENT'])).toBe(false);
    expect(checkPermission(null, ['EVENT'])).toBe(false);
    expect(checkPermission(undefined, [])).toBe(false);
  });
});

describe('route access table (spec §2 and PRODUCT.md decisions)', () => {
  it('opens exactly the spec’s public pages to visitors', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(
      [
        '/connection',
        '/password-forgotten',
        '/regs8df0s9dfsd',
        '/reset-password',
        '/checkout/firebase',
        '/term-of-services',
        '/invitations/accept',
      ].sort(),
    );
  });
  it('gives every listed back-office page to ALL', () => {
    for (const route of Object.keys(ROUTE_ACCESS) as (keyof typeof ROUTE_ACCESS)[]) {
      expect(canAccessRoute(route, ['ALL'])).toBe(true);
    }
  });
  it('admits EVENT to the events pages only', () => {
    expect(canAccessRoute('/events', ['EVENT'])).toBe(true);
    expect(canAccessRoute('/events/create', ['EVENT'])).toBe(true);
    expect(canAccessRoute('/events/:id', ['EVENT'])).toBe(true);
    expect(canAccessRoute('/', ['EVENT'])).toBe(false);
    expect(canAccessRoute('/teams', ['EVENT'])).toBe(false);
  });
  it('admits DASHBOARD, FINANCE and MEMBER where PRODUCT.md decides', () => {
    expect(canAccessRoute('/', ['DASHBOARD'])).toBe(true);
    expect(canAccessRoute('/acquisition', ['DASHBOARD'])).toBe(true);
    expect(canAccessRoute('/finances', ['FINANCE'])).toBe(true);
    expect(canAccessRoute('/customers', ['MEMBER'])).toBe(true);
    expect(canAccessRoute('/customers/list', ['MEMBER'])).toBe(true);
    expect(canAccessRoute('/finances', ['MEMBER'])).toBe(false);
    expect(canAccessRoute('/customers', ['FINANCE'])).toBe(false);
  });
  it('keeps teams and settings to ALL', () => {
    for (const permission of ['EVENT', 'MEMBER', 'FINANCE', 'DASHBOARD', 'SCAN']) {
      expect(canAccessRoute('/teams', [permission])).toBe(false);
      expect(canAccessRoute('/teams/add', [permission])).toBe(false);
      expect(canAccessRoute('/settings/company', [permission])).toBe(false);
    }
  });
  it('needs no permission for the profile, password change and organisation creation', () => {
    expect(canAccessRoute('/profile', [])).toBe(true);
    expect(canAccessRoute('/edit-password', [])).toBe(true);
    expect(canAccessRoute('/create-organization', [])).toBe(true);
  });
  it('sends staff to the first page they may open', () => {
    expect(firstAllowedRoute(['ALL'])).toBe('/');
    expect(firstAllowedRoute(['EVENT'])).toBe('/events');
    expect(firstAllowedRoute(['MEMBER'])).toBe('/customers');
    expect(firstAllowedRoute(['FINANCE'])).toBe('/finances');
    expect(firstAllowedRoute(['SCAN'])).toBe('/profile');
  });
});

describe('API access map', () => {
  it('admits ALL to every action', () => {
    for (const action of Object.keys(API_ACCESS) as (keyof typeof API_ACCESS)[]) {
      expect(canCallApi(action, ['ALL'])).toBe(true);
    }
  });
  it('gives refunds to EVENT and FINANCE, and card onboarding to ALL alone', () => {
    expect(canCallApi('orders.refund', ['EVENT'])).toBe(true);
    expect(canCallApi('orders.refund', ['FINANCE'])).toBe(true);
    expect(canCallApi('orders.refund', ['DASHBOARD'])).toBe(false);
    expect(canCallApi('payments.refreshOnboarding', ['FINANCE'])).toBe(true);
    expect(canCallApi('payments.startOnboarding', ['FINANCE'])).toBe(false);
  });
  it('lets door staff scan but not check in by hand', () => {
    expect(canCallApi('scan.redeem', ['SCAN'])).toBe(true);
    expect(canCallApi('checkins.byHand', ['SCAN'])).toBe(false);
    expect(canCallApi('checkins.byHand', ['EVENT'])).toBe(true);
  });
  it('asks nothing held for actions open to any staff member, any signed-in caller or anyone', () => {
    expect(API_ACCESS['organizations.current']).toEqual({ kind: 'staff' });
    expect(canCallApi('organizations.current', ['SCAN'])).toBe(true);
    expect(canCallApi('staffs.me', [])).toBe(true);
    expect(canCallApi('public.event', null)).toBe(true);
  });
});
