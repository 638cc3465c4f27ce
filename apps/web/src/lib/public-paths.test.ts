import { describe, expect, it } from 'vitest';
import { isBuyerPath, isPublicAuthPath, isScanPath } from './public-paths';

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

  it('starts the scanner for /scan and below it only', () => {
    expect(isScanPath('/scan')).toBe(true);
    expect(isScanPath('/scan/')).toBe(true);
    for (const path of ['/scanner', '/events/scan', '/', '/scan-sw.js'])
      expect(isScanPath(path), path).toBe(false);
  });
});
