/**
 * Makes `/scan` installable and usable offline: its own web app manifest (only on this page, so the back
 * office is not offered as "the scanner") and the service worker that keeps the scanner's code and page
 * (scope `/scan`; the file is written by the build with the list of the scanner's assets).
 */
import { SCAN_PATH } from '../../lib/public-paths';

export const SCAN_MANIFEST = '/scan.webmanifest';
export const SCAN_SERVICE_WORKER = '/scan-sw.js';

export function installScanner(): void {
  if (!document.querySelector(`link[rel="manifest"][href="${SCAN_MANIFEST}"]`)) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = SCAN_MANIFEST;
    document.head.append(link);
    const icon = document.createElement('link');
    icon.rel = 'apple-touch-icon';
    icon.href = '/scan-icon-192.png';
    document.head.append(icon);
  }
  // Only a build has the worker (the development server serves sources, not a list of built assets).
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register(SCAN_SERVICE_WORKER, { scope: SCAN_PATH }).catch((error: unknown) => {
      // The scanner still works online; offline reloads are what is lost.
      console.warn('The scanner could not install its offline support', error);
    });
  }
}
