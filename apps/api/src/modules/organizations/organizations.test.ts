import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import type { Permission } from '@guichet/shared/permissions';
import { and, count, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  type SignedUp,
  signUp,
  type TestContext,
} from '../../../test/support/harness';
import { VerifiedTokens } from '../../plugins/auth';
import { registerErrorHandler } from '../../plugins/errors';
import { organizationScope } from '../../plugins/tenancy';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => t.close());

const create = (token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

const current = (token: string, organizationId?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/organizations/current',
    headers: {
      ...bearer(token),
      ...(organizationId === undefined ? {} : { 'x-organization-id': organizationId }),
    },
  });

async function setPermissions(organizationId: string, staffId: string, permissions: Permission[]) {
  const db = t.app.ctx.db;
  const where = and(
    eq(staffOrganizations.organizationId, organizationId),
    eq(staffOrganizations.staffId, staffId),
  );
  const updated = await db.update(staffOrganizations).set({ permissions }).where(where).returning();
  if (updated.length === 0)
    await db.insert(staffOrganizations).values({ organizationId, staffId, permissions });
}

const removeMembership = (organizationId: string, staffId: string) =>
  t.app.ctx.db
    .delete(staffOrganizations)
    .where(
      and(eq(staffOrganizations.organizationId, organizationId), eq(staffOrganizations.staffId, staffId)),
    );

describe('POST /api/organizations', () => {
  it('creates the organisation with ALL for its creator', async () => {
    const user = await signUp(t.app);
    const response = await create(user.accessToken, { name: '  Festival des Lumières  ' });
    expect(response.statusCode).toBe(201);
    const organization = response.json();
    expect(organization).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Festival des Lumières',
      slug: 'festival-des-lumieres',
      createdAt: expect.any(String),
      timeZone: 'Europe/Paris',
    });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/staffs/me',
      headers: bearer(user.accessToken),
    });
    expect(me.json().staffOrganization).toEqual([
      { organization_id: organization.id, organization, permissions: ['ALL'] },
    ]);
  });

  it('gives identical names different slugs', async () => {
    const user = await signUp(t.app);
    const name = `Jazz Club ${Date.now().toString(36)}`;
    const first = await createOrganization(t.app, user.accessToken, name);
    const second = await createOrganization(t.app, user.accessToken, name);
    const third = await createOrganization(t.app, user.accessToken, name);
    expect(first.slug).toBe(name.toLowerCase().replace(/ /g, '-'));
    expect(second.slug).toMatch(new RegExp(`^${first.slug}-[a-z0-9]+$`));
    expect(new Set([first.slug, second.slug, third.slug]).size).toBe(3);
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
  });

  it('makes a slug even from a name without letters', async () => {
    const user = await signUp(t.app);
    const organization = await createOrganization(t.app, user.accessToken, '!!!');
    expect(organization.slug).toMatch(/^organisation(-[a-z0-9]+)?$/);
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '' }],
    ['a one-letter name', { name: ' a ' }],
    ['a name too long', { name: 'x'.repeat(121) }],
    ['a number', { name: 42 }],
    ['an unknown field', { name: 'Valid Name', slug: 'mine' }],
  ])('refuses %s with 400 argument-error and creates nothing', async (_label, payload) => {
    const user = await signUp(t.app);
    const [before] = await t.app.ctx.db.select({ n: count() }).from(organizations);
    const response = await create(user.accessToken, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('argument-error');
    const [after] = await t.app.ctx.db.select({ n: count() }).from(organizations);
    expect(after?.n).toBe(before?.n);
  });

  it('answers 401 without a token', async () => {
    const response = await create(undefined, { name: 'Nobody’s' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });
});

describe('GET /api/organizations/current', () => {
  let owner: SignedUp;
  let stranger: SignedUp;
  let organizationId: string;
  let foreignId: string;
  beforeAll(async () => {
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    organizationId = (await createOrganization(t.app, owner.accessToken, 'Current Org')).id;
    foreignId = (await createOrganization(t.app, stranger.accessToken, 'Foreign Org')).id;
  });

  it('gives the organisation to its staff', async () => {
    const response = await current(owner.accessToken, organizationId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: organizationId,
      name: 'Current Org',
      slug: 'current-org',
      createdAt: expect.any(String),
      timeZone: 'Europe/Paris',
    });
  });

  it('answers 400 organization-required without the header', async () => {
    const response = await current(owner.accessToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('organization-required');
  });

  it('answers the same 403 forbidden for a foreign, a non-existent and a malformed id', async () => {
    const foreign = await current(owner.accessToken, foreignId);
    const missing = await current(owner.accessToken, '01900000-0000-7000-8000-000000000000');
    const malformed = await current(owner.accessToken, 'not-a-uuid');
    const injection = await current(owner.accessToken, "' or 1=1 --");
    for (const response of [foreign, missing, malformed, injection]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
      expect(response.body).toBe(foreign.body);
    }
  });

  it('answers 401 before looking at the organisation when there is no token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/current',
      headers: { 'x-organization-id': organizationId },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets a SCAN-only member read it, and applies a change of membership to the very next request', async () => {
    const member = await signUp(t.app);
    await setPermissions(organizationId, member.user.id, ['SCAN']);
    expect((await current(member.accessToken, organizationId)).statusCode).toBe(200);
    await removeMembership(organizationId, member.user.id);
    expect((await current(member.accessToken, organizationId)).statusCode).toBe(403);
    await setPermissions(organizationId, member.user.id, ['FINANCE']);
    expect((await current(member.accessToken, organizationId)).statusCode).toBe(200);
  });
});

describe('organisation-scoped requests of a deleted account', () => {
  it('answer 401, not 403, so the app wipes the session', async () => {
    const gone = await signUp(t.app);
    const { id } = await createOrganization(t.app, gone.accessToken, 'Soon Gone Org');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(gone.accessToken),
      payload: { password: gone.password },
    });
    expect(deleted.statusCode).toBe(204);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/current',
      headers: { ...bearer(gone.accessToken), 'x-organization-id': id },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });
});

describe('the organisation scope with a permission list', () => {
  let probe: FastifyInstance;
  let owner: SignedUp;
  let member: SignedUp;
  let organizationId: string;
  let foreignId: string;

  beforeAll(async () => {
    const { db, config } = t.app.ctx;
    probe = Fastify({ logger: false });
    registerErrorHandler(probe);
    probe.decorateRequest('staffId', null);
    probe.decorateRequest('tenant', null);
    probe.decorateRequest('sessionGeneration', 0);
    probe.get(
      '/probe',
      {
        onRequest: organizationScope(db, new VerifiedTokens(config.jwtSecret), {
          kind: 'permission',
          anyOf: ['EVENT'],
        }),
      },
      async (request) => ({ tenant: request.tenant }),
    );
    await probe.ready();

    owner = await signUp(t.app);
    member = await signUp(t.app);
    organizationId = (await createOrganization(t.app, owner.accessToken, 'Probe Org')).id;
    foreignId = (await createOrganization(t.app, member.accessToken, 'Member Own Org')).id;
  });
  afterAll(async () => probe.close());

  const call = (token: string, organization: string) =>
    probe.inject({
      method: 'GET',
      url: '/probe',
      headers: { ...bearer(token), 'x-organization-id': organization },
    });

  it.each<[Permission[], number]>([
    [['ALL'], 200],
    [['EVENT'], 200],
    [['SCAN', 'EVENT'], 200],
    [['FINANCE'], 403],
    [['MEMBER'], 403],
    [['DASHBOARD'], 403],
    [['SCAN'], 403],
    [['FINANCE', 'MEMBER', 'DASHBOARD', 'SCAN'], 403],
  ])('holding %j answers %i', async (permissions, status) => {
    await setPermissions(organizationId, member.user.id, permissions);
    const response = await call(member.accessToken, organizationId);
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      expect(response.json()).toEqual({ tenant: { organizationId, permissions } });
    } else {
      expect(response.json().error.code).toBe('forbidden');
    }
  });

  it('applies a change of permissions to the very next request with the same token', async () => {
    await setPermissions(organizationId, member.user.id, ['EVENT']);
    expect((await call(member.accessToken, organizationId)).statusCode).toBe(200);
    await setPermissions(organizationId, member.user.id, ['SCAN']);
    expect((await call(member.accessToken, organizationId)).statusCode).toBe(403);
    await setPermissions(organizationId, member.user.id, ['ALL']);
    expect((await call(member.accessToken, organizationId)).statusCode).toBe(200);
  });

  it('refuses an organisation the caller is not staff of with the same 403', async () => {
    // The owner holds ALL in their own organisation, but not in the member's.
    const foreign = await call(owner.accessToken, foreignId);
    expect(foreign.statusCode).toBe(403);
    await setPermissions(organizationId, member.user.id, ['SCAN']);
    const lacking = await call(member.accessToken, organizationId);
    expect(foreign.body).toBe(lacking.body);
  });

  it('answers 400 organization-required and 401 like the real routes', async () => {
    const noHeader = await probe.inject({ method: 'GET', url: '/probe', headers: bearer(owner.accessToken) });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().error.code).toBe('organization-required');
    const noToken = await probe.inject({
      method: 'GET',
      url: '/probe',
      headers: { 'x-organization-id': organizationId },
    });
    expect(noToken.statusCode).toBe(401);
  });
});
