import { describe, expect, it } from 'vitest';
import { isAppPage } from './app-pages';

describe('isAppPage', () => {
  it.each([
    '/',
    '/connection',
    '/connection/',
    '/events',
    '/events/create',
    '/events/0190a8c2-1111-7000-8000-000000000000',
    '/teams/some-id',
    '/checkout/firebase',
    '/e/demo-events/jazz-on-the-seine',
    '/scan',
    '/scan/anything',
    '/invitations/accept',
  ])('%s is a page', (path) => {
    expect(isAppPage(path)).toBe(true);
  });

  it.each(['/nowhere', '/events/a/b', '/e/only-organisation', '/e/a/b/c', '/connectionx', '/scanner', '//'])(
    '%s is not',
    (path) => {
      expect(isAppPage(path)).toBe(false);
    },
  );
});
