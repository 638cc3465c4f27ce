import { describe, expect, it } from 'vitest';
import { isBuyerPath, isPublicAuthPath } from './public-paths';

describe('start-up paths', () => {
  it('starts the buyer app for an event page and the order page, and only for them', () => {
    expect(isBuyerPath('/e/demo-events/jazz-on-the-seine')).toBe(true);
    expect(isBuyerPath('/e/demo-events/jazz-on-the-seine/')).toBe(true);
    expect(isBuyerPath('/checkout/firebase')).toBe(true);
    for (const path of [
      '/events',
      '/e/demo-events',
      '/e/a/b/c',
      '/checkout/account',
      '/checkout/firebase/x',
    ]) {
      expect(isBuyerPath(path), path).toBe(false);
    }
  });

  it('keeps the sign-in pages apart from the buyer pages', () => {
    expect(isPublicAuthPath('/connection/')).toBe(true);
    expect(isPublicAuthPath('/checkout/firebase')).toBe(false);
  });
});
