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
  '/customers/:id': anyOf('ALL', 'MEMBER'),
  '/customers/mailings': anyOf('ALL', 'MEMBER'),
  '/customers/mailings/new': anyOf('ALL', 'MEMBER'),
  '/customers/mailings/:id': anyOf('ALL', 'MEMBER'),
  '/finances': anyOf('ALL', 'FINANCE'),
  '/finances/payouts': anyOf('ALL', 'FINANCE'),
  '/acquisition': anyOf('ALL', 'DASHBOARD'),
  '/teams': anyOf('ALL'),
  '/teams/add': anyOf('ALL'),
  '/teams/:id': anyOf('ALL'),
  '/settings': anyOf('ALL'),
  '/settings/company': anyOf('ALL'),
  '/settings/integrations': anyOf('ALL'),
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
  return permits(ROUTE_ACCESS[route], held);
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

// The API's actions ----------------------------------------------------------------------------------

/**
 * Who may call an action of the API: a page's kinds, plus `staff`, any staff member of the organisation
 * named by X-Organization-ID whatever they hold. `staff` and `permission` are organisation-scoped: the
 * caller must be staff of that organisation (a foreign or unknown one is forbidden alike), and signed in
 * with two-factor when the organisation requires it.
 */
export type ApiAccess = RouteAccess | { kind: 'staff' };

/** The permission check of an access rule; sign-in and membership are the server's to check first. */
export function permits(access: ApiAccess, held: readonly string[] | null | undefined): boolean {
  return access.kind !== 'permission' || checkPermission(held, access.anyOf);
}

const STAFF: ApiAccess = { kind: 'staff' };
const ADMIN = anyOf('ALL');
const EVENTS = anyOf('ALL', 'EVENT');
const FINANCE = anyOf('ALL', 'FINANCE');
const SCANNER = anyOf(...SCANNER_PERMISSIONS);
const ANALYTICS = anyOf('ALL', 'DASHBOARD');
const CUSTOMERS = anyOf('ALL', 'MEMBER');

/**
 * Every action of the API and who may call it. Each API route names its entry (`config.access`), the
 * server installs the check the entry says before the request is read any further, and a test fails when
 * a route names none or an entry is named by no route. The web app may ask the same question of an action
 * (`canCallApi`) to show only what the staff member can do.
 */
export const API_ACCESS = {
  'health.check': PUBLIC,
  'health.ready': PUBLIC,
  /** The OpenAPI document (the browsable documentation at /api/docs is served beside the API). */
  'docs.openapi': PUBLIC,

  'auth.passwordPolicy': PUBLIC,
  'auth.signUp': PUBLIC,
  'auth.signIn': PUBLIC,
  'auth.refresh': PUBLIC,
  'auth.signOut': PUBLIC,
  'auth.passwordReset': PUBLIC,
  'auth.passwordResetConfirm': PUBLIC,
  'auth.changePassword': SIGNED_IN,
  'auth.deleteAccount': SIGNED_IN,
  'auth.emailLink': PUBLIC,
  'auth.emailLinkConfirm': PUBLIC,
  'auth.providers': PUBLIC,
  'auth.oidcStart': PUBLIC,
  'auth.oidcCallback': PUBLIC,
  'auth.oidcCompleteScript': PUBLIC,
  'auth.identities': SIGNED_IN,
  'auth.unlinkIdentity': SIGNED_IN,
  'auth.twoFactorStatus': SIGNED_IN,
  'auth.twoFactorSetup': SIGNED_IN,
  'auth.twoFactorEnable': SIGNED_IN,
  'auth.twoFactorDisable': SIGNED_IN,
  'auth.twoFactorVerify': PUBLIC,
  'auth.sessions': SIGNED_IN,
  'auth.revokeSession': SIGNED_IN,
  'auth.signOutEverywhere': SIGNED_IN,

  'staffs.me': SIGNED_IN,
  'staffs.updateMe': SIGNED_IN,

  'organizations.create': SIGNED_IN,
  'organizations.current': STAFF,
  'files.read': STAFF,

  'settings.overview': ADMIN,
  'settings.company': ADMIN,
  'settings.updateCompany': ADMIN,
  'settings.uploadLogo': ADMIN,
  'settings.deleteLogo': ADMIN,
  'settings.security': ADMIN,
  'settings.updateSecurity': ADMIN,

  'teams.members': ADMIN,
  'teams.member': ADMIN,
  'teams.updateMember': ADMIN,
  'teams.removeMember': ADMIN,
  'teams.invitations': ADMIN,
  'teams.invite': ADMIN,
  'teams.resendInvitation': ADMIN,
  'teams.revokeInvitation': ADMIN,
  /** The invitation's token is the credential. */
  'invitations.preview': PUBLIC,
  'invitations.accept': SIGNED_IN,

  'events.list': EVENTS,
  'events.create': EVENTS,
  'events.read': EVENTS,
  'events.update': EVENTS,
  'events.publish': EVENTS,
  'events.unpublish': EVENTS,
  'events.archive': EVENTS,
  'events.cancel': EVENTS,
  'events.duplicate': EVENTS,
  'events.uploadCover': EVENTS,
  'ticketTypes.create': EVENTS,
  'ticketTypes.reorder': EVENTS,
  'ticketTypes.update': EVENTS,
  'ticketTypes.delete': EVENTS,
  'capacityPools.create': EVENTS,
  'capacityPools.update': EVENTS,
  'capacityPools.delete': EVENTS,
  'places.search': SIGNED_IN,
  'map.config': SIGNED_IN,

  'orders.ofEvent': EVENTS,
  'orders.boxOffice': EVENTS,
  'orders.read': EVENTS,
  'orders.markPaid': EVENTS,
  'orders.cancel': EVENTS,
  'orders.resend': EVENTS,
  'orders.updateTicket': EVENTS,
  'orders.emails': EVENTS,
  'orders.refund': anyOf('ALL', 'EVENT', 'FINANCE'),

  'payments.account': FINANCE,
  'payments.startOnboarding': ADMIN,
  'payments.refreshOnboarding': FINANCE,
  /** Trusted through Stripe's signature only. */
  'payments.stripeWebhook': PUBLIC,

  /** The finances area, read from the ledger. */
  'finances.summary': FINANCE,
  'finances.entries': FINANCE,
  'finances.order': FINANCE,
  'finances.issueDocument': FINANCE,
  'finances.documents': FINANCE,
  'finances.journal': FINANCE,
  /** VAT, documents and the accountant's reports. */
  'finances.documentPdf': FINANCE,
  'finances.vatSettings': FINANCE,
  'finances.updateVatSettings': FINANCE,
  'finances.vatReport': FINANCE,
  'finances.cashUp': FINANCE,
  'finances.ordersExport': FINANCE,
  /** Payouts reconciled, manual adjustments, closed periods. */
  'payouts.list': FINANCE,
  'payouts.detail': FINANCE,
  'payouts.match': FINANCE,
  'finances.adjust': FINANCE,
  'finances.closing': FINANCE,
  'finances.close': FINANCE,
  'finances.accountCodes': FINANCE,
  'finances.saveAccountCodes': FINANCE,

  'public.event': PUBLIC,
  'public.eventCover': PUBLIC,
  'public.placeOrder': PUBLIC,
  'public.order': PUBLIC,
  'public.orderCheckout': PUBLIC,
  'public.ticketsPdf': PUBLIC,
  /** The order's code is the credential. */
  'public.requestInvoice': PUBLIC,
  'public.receiptPdf': PUBLIC,
  'public.invoicePdf': PUBLIC,

  'scan.organizations': SIGNED_IN,
  'scan.events': SCANNER,
  'scan.redeem': SCANNER,
  'scan.snapshot': SCANNER,
  'scan.sync': SCANNER,
  'checkins.headcount': SCANNER,
  'checkins.headcountStream': SCANNER,
  'checkinLists.list': EVENTS,
  'checkinLists.create': EVENTS,
  'checkinLists.update': EVENTS,
  'checkinLists.delete': EVENTS,
  'checkins.log': EVENTS,
  'checkins.undo': EVENTS,
  'checkinConflicts.list': EVENTS,
  'checkinConflicts.resolve': EVENTS,
  /**
   * Finding attendees and checking them in by hand: the attendee search, and `scan.redeem` of a ticket
   * named by its id rather than its secret (the scanner shows both where the server says `canManage`).
   */
  'checkins.byHand': EVENTS,

  'acquisition.events': ANALYTICS,
  'acquisition.links': ANALYTICS,
  'acquisition.createLink': ANALYTICS,
  'acquisition.readLink': ANALYTICS,
  'acquisition.updateLink': ANALYTICS,
  'acquisition.deleteLink': ANALYTICS,
  'acquisition.funnel': ANALYTICS,
  'acquisition.funnelCsv': ANALYTICS,
  'acquisition.settings': ANALYTICS,
  'acquisition.updateSettings': ANALYTICS,
  /** The public event page's first-party visit beacon (no personal data; rate- and size-limited). */
  'public.recordVisit': PUBLIC,
  'customers.list': CUSTOMERS,
  'customers.export': CUSTOMERS,
  'customers.tag': CUSTOMERS,
  'customers.events': CUSTOMERS,
  'customers.read': CUSTOMERS,
  'customers.update': CUSTOMERS,
  'customers.addNote': CUSTOMERS,
  'customers.recordConsent': CUSTOMERS,
  'memberLists.list': CUSTOMERS,
  'memberLists.create': CUSTOMERS,
  'memberLists.update': CUSTOMERS,
  'memberLists.members': CUSTOMERS,
  'memberLists.addMembers': CUSTOMERS,
  'memberLists.removeMember': CUSTOMERS,
  'memberLists.history': CUSTOMERS,
  // A customer's record as a whole: merge and unmerge, JSON export, erasure (customer-records.ts).
  'customers.merges': CUSTOMERS,
  'customers.merge': CUSTOMERS,
  'customers.unmerge': CUSTOMERS,
  'customers.exportRecord': CUSTOMERS,
  'customers.erase': CUSTOMERS,
  'customers.import': CUSTOMERS,
  'customers.importStatus': CUSTOMERS,
  // Mailings (decision 029).
  'mailings.list': CUSTOMERS,
  'mailings.create': CUSTOMERS,
  'mailings.read': CUSTOMERS,
  'mailings.update': CUSTOMERS,
  'mailings.act': CUSTOMERS,
  'mailings.preview': CUSTOMERS,
  'mailings.testSend': CUSTOMERS,
  'mailings.recipients': CUSTOMERS,
  /** A marketing mail's unsubscribe link: no sign-in; its signed token names the organisation and address. */
  'public.unsubscribePage': PUBLIC,
  'public.unsubscribe': PUBLIC,
  // Event day: pay at the door, by exact order code only (./door.ts).
  'scan.doorOrder': SCANNER,
  'scan.doorPay': SCANNER,
  /** The order's event as a calendar file, by the order's unguessable code (as the tickets' PDF). */
  'public.orderCalendar': PUBLIC,
  /** The public event page's HTML, with the event's title, previews and JSON-LD in its head. */
  'public.eventPage': PUBLIC,
  /** The dashboard (`/`): figures only, no payouts, documents or customer details (decision 027). */
  'dashboard.figures': ANALYTICS,
  'dashboard.stream': ANALYTICS,
  'dashboard.events': ANALYTICS,
  'dashboard.attention': ANALYTICS,
  /** Member lists gating ticket types (decision 028): the form's choice of lists, a buyer's one-time code. */
  'ticketTypes.memberLists': EVENTS,
  'public.requestMemberCode': PUBLIC,

  /** Integrations (decision 034): the organisation's API tokens. A token holding ALL may manage tokens too. */
  'apiTokens.list': ADMIN,
  'apiTokens.create': ADMIN,
  'apiTokens.revoke': ADMIN,
  /** Webhooks: endpoints, their signing secret, the delivery log, replays and test sends. */
  'webhooks.list': ADMIN,
  'webhooks.create': ADMIN,
  'webhooks.update': ADMIN,
  'webhooks.delete': ADMIN,
  'webhooks.rotateSecret': ADMIN,
  'webhooks.test': ADMIN,
  'webhooks.deliveries': ADMIN,
  'webhooks.replay': ADMIN,

  /** The development mailbox, registered only when DEV_MAILBOX is on. */
  'devMailbox.list': PUBLIC,
  'devMailbox.attachment': PUBLIC,

  /** Mail about new orders, per order or a daily digest: one's own setting (sent only where ALL or EVENT). */
  'staffs.orderAlerts': SIGNED_IN,
  'staffs.updateOrderAlerts': SIGNED_IN,
  /** An event's attendees and check-ins as CSV, beside its orders. */
  'eventExports.attendees': EVENTS,
  'eventExports.checkins': EVENTS,
} as const satisfies Record<string, ApiAccess>;

export type ApiAction = keyof typeof API_ACCESS;

/** Whether a staff member holding `held` in the current organisation may call `action`. */
export function canCallApi(action: ApiAction, held: readonly string[] | null | undefined): boolean {
  return permits(API_ACCESS[action], held);
}
