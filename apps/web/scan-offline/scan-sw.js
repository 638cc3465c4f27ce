/**
 * The door scanner's service worker (scope `/scan`). The build writes `self.SCAN_VERSION` and
 * `self.SCAN_PRECACHE` (the scanner's assets, from Vite's manifest) above this file's text into `scan-sw.js`.
 *
 * - install: caches the scanner's assets and its page, all or nothing, for this build;
 * - activate: drops the caches of older builds and takes control of open scanner pages;
 * - fetch: the scanner page from the network (a new build shows at once), from the cache when the network
 *   fails or is too slow; the cached assets from the cache (they are content-hashed). The API is never
 *   touched: the app itself decides offline.
 */
const VERSION = self.SCAN_VERSION;
const PRECACHE = self.SCAN_PRECACHE;
const PREFIX = 'guichet-scan-';
const CACHE = `${PREFIX}${VERSION}`;
const SHELL = '/scan';
const NAVIGATION_TIMEOUT_MS = 3000;
const precached = new Set(PRECACHE);

function shellRequest() {
  return new Request(SHELL, { headers: { Accept: 'text/html' }, cache: 'no-store' });
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(PRECACHE);
      const shell = await fetch(shellRequest());
      if (!shell.ok) throw new Error(`The scanner page answered ${shell.status}`);
      await cache.put(SHELL, shell);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

async function cachedShell() {
  const cache = await caches.open(CACHE);
  return (await cache.match(SHELL, { ignoreVary: true, ignoreSearch: true })) ?? Response.error();
}

async function navigate(request) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), NAVIGATION_TIMEOUT_MS);
  try {
    const response = await fetch(request, { signal: controller.signal });
    // A server error at the door is no better than no network.
    return response.status >= 500 ? await cachedShell() : response;
  } catch {
    return cachedShell();
  } finally {
    clearTimeout(timer);
  }
}

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (url.pathname === SHELL || url.pathname.startsWith(`${SHELL}/`)) event.respondWith(navigate(request));
    return;
  }
  if (precached.has(url.pathname)) event.respondWith(fromCache(request));
});
