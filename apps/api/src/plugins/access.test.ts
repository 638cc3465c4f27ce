import { randomUUID } from 'node:crypto';
import {
  API_ACCESS,
  type ApiAccess,
  type ApiAction,
  checkPermission,
  PERMISSIONS,
} from '@guichet/shared/permissions';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type SignedUp, signUp, type TestContext } from '../../test/support/harness';
import { addStaff, newTeam, orgHeaders } from '../../test/support/teams';
import { registerAccess } from './access';

/**
 * Every route of the API, enumerated as the app registers them, against the one map of who may call
 * what (packages/shared/src/permissions.ts): each names an entry, each entry is named, and each route
 * admits exactly the callers its entry admits, before its body is even looked at.
 */

let t: TestContext;
const routes: RouteOptions[] = [];
let organizationId: string;
let outsider: SignedUp;
const members = new Map<string, SignedUp>();

beforeAll(async () => {
  t = await createTestApp({ DEV_MAILBOX: 'true' }, { onRoute: (route) => routes.push(route) });
  const team = await newTeam(t.app, 'Access Org');
  organizationId = team.organizationId;
  outsider = await signUp(t.app, { displayName: 'Olga Outsider' });
  for (const permission of PERMISSIONS) {
    members.set(permission, await addStaff(t.app, organizationId, [permission], `Holds ${permission}`));
  }
}, 120_000);
afterAll(async () => t.close());

/** The API's routes; the browsable documentation beside it (@fastify/swagger-ui) is not the API's own. */
const apiRoutes = () =>
  routes.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'));
/** One route per method and address (HEAD routes copy their GET's options). */
const guardedRoutes = () =>
  apiRoutes().filter((route) => route.method !== 'HEAD' && accessOf(route).kind !== 'public');

function actionOf(route: RouteOptions): ApiAction {
  const action = route.config?.access;
  if (!action) throw new Error(`${route.method} ${route.url} names no access`);
  return action;
}
const accessOf = (route: RouteOptions): ApiAccess => API_ACCESS[actionOf(route)];
const nameOf = (route: RouteOptions) => `${route.method} ${route.url}`;

/** The route with every parameter filled: ids that exist nowhere, so that no admitted call finds data. */
const urlOf = (route: RouteOptions) =>
  route.url.replace(/:(\w+)/g, (_match, name: string) => (name === 'index' ? '0' : randomUUID()));

/** A call of the route, with a body that is not what the route expects wherever it may take one. */
const call = (route: RouteOptions, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route),
    headers,
    ...(route.method === 'GET' ? {} : { payload: { unexpected: true } }),
  });

const organizationScoped = (access: ApiAccess) => access.kind === 'staff' || access.kind === 'permission';

describe('the API access map', () => {
  it('is named by every route of the API, each an entry of API_ACCESS', () => {
    expect(apiRoutes().length).toBeGreaterThan(90);
    for (const route of apiRoutes()) {
      expect(Object.hasOwn(API_ACCESS, route.config?.access ?? ''), nameOf(route)).toBe(true);
    }
  });

  it('has no entry that no route names', () => {
    // Pages the server renders itself (the public event page's HTML) name entries too.
    const named = new Set(routes.filter((route) => route.config?.access).map(actionOf));
    expect(Object.keys(API_ACCESS).filter((action) => !named.has(action as ApiAction))).toEqual([]);
  });

  it('refuses a route that names no entry, so that the app does not start', async () => {
    const probe = Fastify({ logger: false });
    registerAccess(probe, t.app.ctx);
    expect(() => probe.get('/unguarded', async () => ({}))).toThrow(/config\.access/);
    await probe.close();
  });
});

describe('the guard of every route', () => {
  it('answers 401 to a call without a token, before reading its body', async () => {
    for (const route of guardedRoutes()) {
      const response = await call(route, { 'x-organization-id': organizationId });
      expect(response.statusCode, nameOf(route)).toBe(401);
      expect(response.json().error.code, nameOf(route)).toBe('unauthenticated');
    }
  });

  it('lets any signed-in staff member call the signed-in routes', async () => {
    // An account of its own, and "sign out everywhere" called last: it ends the caller's sessions.
    const caller = await signUp(t.app, { displayName: 'Sam Signed-in' });
    const last = (route: RouteOptions) => (actionOf(route) === 'auth.signOutEverywhere' ? 1 : 0);
    const signedInRoutes = guardedRoutes().filter((candidate) => accessOf(candidate).kind === 'signed-in');
    for (const route of signedInRoutes.sort((a, b) => last(a) - last(b))) {
      const response = await call(route, bearer(caller.accessToken));
      expect(response.statusCode, nameOf(route)).not.toBe(401);
    }
  });

  it('asks for the organisation, and refuses one the caller is not staff of', async () => {
    for (const route of guardedRoutes().filter((candidate) => organizationScoped(accessOf(candidate)))) {
      const missing = await call(route, bearer(outsider.accessToken));
      expect(missing.statusCode, nameOf(route)).toBe(400);
      expect(missing.json().error.code, nameOf(route)).toBe('organization-required');
      const foreign = await call(route, orgHeaders(outsider.accessToken, organizationId));
      expect(foreign.statusCode, nameOf(route)).toBe(403);
      expect(foreign.json().error.code, nameOf(route)).toBe('forbidden');
    }
  });

  it('admits in the organisation exactly the permissions its entry names', async () => {
    for (const route of guardedRoutes().filter((candidate) => organizationScoped(accessOf(candidate)))) {
      const access = accessOf(route);
      for (const [permission, member] of members) {
        const admitted =
          access.kind === 'staff' ||
          (access.kind === 'permission' && checkPermission([permission], access.anyOf));
        const response = await call(route, orgHeaders(member.accessToken, organizationId));
        const refused = response.statusCode === 403 && response.json().error.code === 'forbidden';
        expect(refused, `${nameOf(route)} holding ${permission}: ${response.body}`).toBe(!admitted);
        expect(response.statusCode, nameOf(route)).not.toBe(401);
      }
    }
  }, 120_000);
});
