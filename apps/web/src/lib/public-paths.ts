/**
 * The sign-in pages, served by the light start-up (no router, no query cache). The back office reaches them
 * with a full page load; the entry looks at the path to choose which app to start.
 */
export const PUBLIC_AUTH_PATHS = [
  '/connection',
  '/regs8df0s9dfsd',
  '/password-forgotten',
  '/reset-password',
] as const;
export type PublicAuthPath = (typeof PUBLIC_AUTH_PATHS)[number];

/** `/connection/` counts as `/connection`, as the router would match it. */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function isPublicAuthPath(pathname: string): pathname is PublicAuthPath {
  return (PUBLIC_AUTH_PATHS as readonly string[]).includes(normalizePath(pathname));
}

/** The buyer's pages (public event page, order return page): the buyer app, with no session at all. */
export function isBuyerPath(pathname: string): boolean {
  return /^\/(e\/[^/]+\/[^/]+|checkout\/firebase)\/?$/.test(pathname);
}

/** The path part of an in-app address (`/connection?next=%2Fevents` → `/connection`). */
export function pathOf(address: string): string {
  const end = address.search(/[?#]/);
  return end === -1 ? address : address.slice(0, end);
}

let leavingFor: string | null = null;

/**
 * A full load to a sign-in page (they are not in the back office's router). The first call wins: a sign-out
 * that is still revoking the session is not overtaken by the guard's own redirect once the session is gone.
 */
export async function leaveFor(
  address: string,
  first?: Promise<unknown>,
  how: 'replace' | 'assign' = 'replace',
): Promise<void> {
  if (leavingFor !== null) return;
  leavingFor = address;
  if (first) await first.catch(() => undefined);
  if (how === 'assign') window.location.assign(address);
  else window.location.replace(address);
}

/** The door scanner: its own light app, installable and working offline (scope `/scan`). */
export const SCAN_PATH = '/scan';

export function isScanPath(pathname: string): boolean {
  return /^\/scan(\/.*)?$/.test(pathname);
}
