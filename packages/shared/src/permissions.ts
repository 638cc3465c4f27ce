/**
 * The one definition of who may do what (spec §4 and §6, plus the decisions in PRODUCT.md).
 * Both the web app's route guard and the API's permission check import these functions.
 */
export const PERMISSIONS = ['EVENT', 'MEMBER', 'FINANCE', 'DASHBOARD', 'SCAN', 'ALL'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['ADMIN', 'MEMBER'] as const;
export type Role = (typeof ROLES)[number];

/** Spec §6: "a staff member with permission ALL gets role ADMIN, otherwise MEMBER". */
export function deriveRole(permissions: readonly string[]): Role {
  return permissions.some(isAllPermission) ? 'ADMIN' : 'MEMBER';
}

/** Spec §6: "Role check: passes when the given role is in the user's stored role value". */
export function hasRole(storedRole: Role | readonly Role[] | null | undefined, role: Role): boolean {
  if (storedRole == null) return false;
  const roles: readonly Role[] = typeof storedRole === 'string' ? [storedRole] : storedRole;
  return roles.includes(role);
}

function isAllPermission(permission: string): boolean {
  return permission.toLowerCase() === 'all';
}

/**
 * Spec §6: passes if the held permissions contain the special value 'all' (any case); otherwise passes
 * if any requested permission is held; with no permissions it fails.
 */
export function checkPermission(
  held: readonly string[] | null | undefined,
  requested: readonly string[],
): boolean {
  if (!held || held.length === 0) return false;
  if (held.some(isAllPermission)) return true;
  return requested.some((permission) => held.includes(permission));
}

export interface StaffOrganizationEntry {
  organization_id: string;
  permissions: readonly string[];
}

/** Spec §6: "Staff whose only permission is SCAN are excluded from organisation selection." */
export function isScanOnly(entry: Pick<StaffOrganizationEntry, 'permissions'>): boolean {
  return entry.permissions.length > 0 && entry.permissions.every((permission) => permission === 'SCAN');
}

/**
 * Spec §4 organisation selection: the stored organisation's entry when it is still one of the staff
 * member's organisations, otherwise the first; SCAN-only entries are ignored; none left gives null
 * ("only the user is returned").
 */
export function selectOrganization<T extends StaffOrganizationEntry>(
  entries: readonly T[],
  storedOrganizationId: string | null | undefined,
): T | null {
  const eligible = entries.filter((entry) => !isScanOnly(entry));
  if (eligible.length === 0) return null;
  const stored = storedOrganizationId
    ? eligible.find((entry) => entry.organization_id === storedOrganizationId)
    : undefined;
  return stored ?? eligible[0] ?? null;
}

/** Who may use the scanner (`/scan`): door staff, and event managers and admins who also scan. */
export const SCANNER_PERMISSIONS = ['SCAN', 'EVENT', 'ALL'] as const satisfies readonly Permission[];

/** How a route is reached: open to anyone, signed in only, or signed in with one of some permissions. */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; anyOf: readonly Permission[] };

const PUBLIC: RouteAccess = { kind: 'public' };
const SIGNED_IN: RouteAccess = { kind: 'signed-in' };
const anyOf = (...permissions: Permission[]): RouteAccess => ({ kind: 'permission', anyOf: permissions });

/**
 * The back office's pages in the order used to pick "the first page they may open". The spec gives every
 * page ALL; PRODUCT.md adds DASHBOARD, FINANCE, MEMBER and EVENT where they belong.
 */
export const ROUTE_ACCESS = {
  '/': anyOf('ALL', 'DASHBOARD'),
  '/events': anyOf('ALL', 'EVENT'),
  '/events/create': anyOf('EVENT', 'ALL'),
  '/events/:id': anyOf('ALL', 'EVENT'),
  '/customers': anyOf('ALL', 'MEMBER'),
  '/customers/list': anyOf('ALL', 'MEMBER'),
  '/finances': anyOf('ALL', 'FINANCE'),
  '/acquisition': anyOf('ALL', 'DASHBOARD'),
  '/teams': anyOf('ALL'),
  '/teams/add': anyOf('ALL'),
  '/teams/:id': anyOf('ALL'),
  '/settings': anyOf('ALL'),
  '/settings/company': anyOf('ALL'),
  '/checkout/account': anyOf('ALL', 'FINANCE'),
  '/checkout/refresh': anyOf('ALL', 'FINANCE'),
  '/profile': SIGNED_IN,
  '/edit-password': SIGNED_IN,
  '/create-organization': SIGNED_IN,
  '/connection': PUBLIC,
  '/regs8df0s9dfsd': PUBLIC,
  '/password-forgotten': PUBLIC,
  '/reset-password': PUBLIC,
  '/checkout/firebase': PUBLIC,
  '/term-of-services': PUBLIC,
  '/invitations/accept': PUBLIC,
} as const satisfies Record<string, RouteAccess>;

export type AppRoute = keyof typeof ROUTE_ACCESS;

/** Spec §2: the pages open to a visitor who is not signed in. */
export const PUBLIC_PATHS = Object.entries(ROUTE_ACCESS)
  .filter(([, access]) => access.kind === 'public')
  .map(([path]) => path);

/** Whether a staff member holding `held` in the current organisation may open `route`. */
export function canAccessRoute(route: AppRoute, held: readonly string[] | null | undefined): boolean {
  const access: RouteAccess = ROUTE_ACCESS[route];
  if (access.kind !== 'permission') return true;
  return checkPermission(held, access.anyOf);
}

/** Landing pages tried, in order, when a staff member opens a page they may not open. */
const LANDING_ORDER: readonly AppRoute[] = ['/', '/events', '/customers', '/finances', '/acquisition'];

/** The first back-office page the permissions open, or `/profile` when they open none. */
export function firstAllowedRoute(held: readonly string[] | null | undefined): AppRoute {
  return LANDING_ORDER.find((route) => canAccessRoute(route, held)) ?? '/profile';
}

/** Plain-words explanation keys of each permission live in the web app's translations. */
export function normalizePermissions(input: readonly string[]): Permission[] {
  const set = new Set(input.map((permission) => permission.toUpperCase()));
  return PERMISSIONS.filter((permission) => set.has(permission));
}
