import { describe, expect, it } from 'vitest';
import { nextFromSearch, safeNextPath } from '../lib/next-path';
import { decideAccess, type GuardInput } from './guard';

const base: GuardInput = {
  route: '/',
  location: '/',
  status: 'signed-in',
  hasOrganization: true,
  permissions: ['ALL'],
};

describe('navigation guard', () => {
  it('sends a visitor who is not signed in to /connection, remembering the page', () => {
    expect(
      decideAccess({
        ...base,
        route: '/events/:id',
        location: '/events/42?tab=orders',
        status: 'signed-out',
      }),
    ).toEqual({
      type: 'redirect',
      to: '/connection?next=%2Fevents%2F42%3Ftab%3Dorders',
    });
    expect(decideAccess({ ...base, status: 'signed-out' })).toEqual({ type: 'redirect', to: '/connection' });
    expect(
      decideAccess({ ...base, route: '/profile', location: '/profile', status: 'signed-out' }),
    ).toMatchObject({
      to: '/connection?next=%2Fprofile',
    });
  });

  it('lets anyone open the public pages', () => {
    for (const route of [
      '/connection',
      '/password-forgotten',
      '/regs8df0s9dfsd',
      '/reset-password',
      '/checkout/firebase',
      '/term-of-services',
    ] as const) {
      expect(decideAccess({ ...base, route, location: route, status: 'signed-out' })).toEqual({
        type: 'allow',
      });
    }
  });

  it('sends a signed-in staff member away from sign-in and registration, to where they wanted to go', () => {
    expect(decideAccess({ ...base, route: '/connection', location: '/connection' })).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(decideAccess({ ...base, route: '/regs8df0s9dfsd', location: '/regs8df0s9dfsd' })).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(decideAccess({ ...base, route: '/connection', location: '/connection?next=%2Fevents' })).toEqual({
      type: 'redirect',
      to: '/events',
    });
  });

  it('waits while the profile loads', () => {
    expect(decideAccess({ ...base, status: 'loading' })).toEqual({ type: 'wait' });
    expect(decideAccess({ ...base, route: '/term-of-services', status: 'loading' })).toEqual({
      type: 'allow',
    });
  });

  it('sends a staff member with no eligible organisation to /create-organization', () => {
    expect(decideAccess({ ...base, hasOrganization: false, permissions: [] })).toEqual({
      type: 'redirect',
      to: '/create-organization',
    });
    expect(
      decideAccess({ ...base, route: '/create-organization', hasOrganization: false, permissions: [] }),
    ).toEqual({
      type: 'allow',
    });
    expect(decideAccess({ ...base, route: '/profile', hasOrganization: false, permissions: [] })).toEqual({
      type: 'allow',
    });
  });

  it('sends door staff (SCAN only, no other organisation) to the scanner instead', () => {
    expect(decideAccess({ ...base, hasOrganization: false, scanOnlyStaff: true, permissions: [] })).toEqual({
      type: 'redirect',
      to: '/scan',
    });
    expect(
      decideAccess({
        ...base,
        route: '/events',
        hasOrganization: false,
        scanOnlyStaff: true,
        permissions: [],
      }),
    ).toEqual({ type: 'redirect', to: '/scan' });
    // They may still create an organisation of their own, or open their profile.
    expect(
      decideAccess({
        ...base,
        route: '/create-organization',
        hasOrganization: false,
        scanOnlyStaff: true,
        permissions: [],
      }),
    ).toEqual({ type: 'allow' });
    // An organisation the back office can select wins: the scanner is a link away.
    expect(decideAccess({ ...base, scanOnlyStaff: true })).toEqual({ type: 'allow' });
  });

  it('sends a staff member to the first page they may open', () => {
    expect(decideAccess({ ...base, permissions: ['EVENT'] })).toEqual({ type: 'redirect', to: '/events' });
    expect(decideAccess({ ...base, route: '/teams', permissions: ['FINANCE'] })).toEqual({
      type: 'redirect',
      to: '/finances',
      denied: '/teams',
    });
    expect(decideAccess({ ...base, route: '/events/:id', permissions: ['EVENT'] })).toEqual({
      type: 'allow',
    });
    expect(decideAccess({ ...base, route: '/acquisition', permissions: ['DASHBOARD'] })).toEqual({
      type: 'allow',
    });
    expect(decideAccess({ ...base, route: '/settings', permissions: ['all'] })).toEqual({ type: 'allow' });
  });

  it('lets the 404 page through', () => {
    expect(decideAccess({ ...base, route: null, status: 'signed-out' })).toEqual({ type: 'allow' });
  });
});

describe('next path', () => {
  it('accepts same-origin paths only', () => {
    expect(safeNextPath('/events/1')).toBe('/events/1');
    expect(safeNextPath('//evil.test')).toBeNull();
    expect(safeNextPath('/\\evil.test')).toBeNull();
    expect(safeNextPath('https://evil.test')).toBeNull();
    expect(safeNextPath('/connection')).toBeNull();
    expect(nextFromSearch('?next=%2Fteams')).toBe('/teams');
  });
});
