import { ROUTE_ACCESS } from './permissions';

/**
 * Every page of the web app, for the server that serves it: the back office's and sign-in pages (the route
 * table, `ROUTE_ACCESS`), the buyer's event page and the door scanner (whose app owns everything under
 * `/scan`). The server answers these with the app and status 200; any other path gets the app too (it
 * shows its 404 screen), with status 404.
 */
export const APP_PAGE_PATTERNS: readonly string[] = [
  ...Object.keys(ROUTE_ACCESS),
  '/e/:organization/:event',
  '/scan',
  '/scan/*',
];

const matchers = APP_PAGE_PATTERNS.map((pattern) => {
  const body = pattern
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment))
    .join('/');
  // `/events/` is `/events`, as the web app's router matches it.
  return new RegExp(`^${body === '/' ? '' : body}/?$`);
});

/** Whether `pathname` (the path of a request, without its query) is one of the app's pages. */
export function isAppPage(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname));
}
