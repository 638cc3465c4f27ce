import { organizations } from '@guichet/db/schema/organizations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type SignedUp, type TestContext } from '../../test/support/harness';
import { addStaff, newTeam, orgHeaders, type Team } from '../../test/support/teams';
import { type App, buildApp } from '../app';

/**
 * A change of membership, of permissions or of sessions made through one API process takes effect on the
 * very next request served by another: nothing a guard remembers (the verified signatures of access
 * tokens, `VerifiedTokens`) may stand in for the account and membership read with every request. Two
 * apps on one database, each with its own memory, as two processes of a deployment.
 */

let t: TestContext;
let other: App;
let team: Team;
let member: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({
    config: t.app.ctx.config,
    db: t.app.ctx.db,
    mailer: null,
    startWorker: false,
    logger: false,
  });
  await other.ready();
  team = await newTeam(t.app, 'Revocation Org');
  member = await addStaff(t.app, team.organizationId, ['MEMBER'], 'Mia Member');
}, 120_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

const listThrough = (app: App, token: string) =>
  app.inject({
    method: 'GET',
    url: '/api/customers?limit=5',
    headers: orgHeaders(token, team.organizationId),
  });

const changePermissions = (permissions: string[]) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/teams/members/${member.user.id}`,
    headers: orgHeaders(team.admin.accessToken, team.organizationId),
    payload: { permissions },
  });

describe('access changed in one process', () => {
  it('applies a change of permissions to the other process’s very next request', async () => {
    // Both processes have verified the token and admitted it.
    expect((await listThrough(other, member.accessToken)).statusCode).toBe(200);
    expect((await listThrough(t.app, member.accessToken)).statusCode).toBe(200);
    expect((await changePermissions(['EVENT'])).statusCode).toBe(200);
    const refused = await listThrough(other, member.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect((await changePermissions(['MEMBER'])).statusCode).toBe(200);
    expect((await listThrough(other, member.accessToken)).statusCode).toBe(200);
  });

  it('applies a removal from the organisation to the other process’s very next request', async () => {
    const leaving = await addStaff(t.app, team.organizationId, ['ALL'], 'Leo Leaving');
    expect((await listThrough(other, leaving.accessToken)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/members/${leaving.user.id}`,
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(removed.statusCode).toBe(204);
    const refused = await listThrough(other, leaving.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
  });

  it('refuses a token of ended sessions in the other process at once, on every kind of route', async () => {
    const ending = await addStaff(t.app, team.organizationId, ['MEMBER'], 'Eli Ending');
    const me = (app: App) =>
      app.inject({ method: 'GET', url: '/api/staffs/me', headers: bearer(ending.accessToken) });
    expect((await listThrough(other, ending.accessToken)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(ending.accessToken),
    });
    expect(ended.statusCode).toBe(204);
    const organizationRead = await listThrough(other, ending.accessToken);
    expect(organizationRead.statusCode).toBe(401);
    expect(organizationRead.json().error.code).toBe('unauthenticated');
    expect((await me(other)).statusCode).toBe(401);
  });
});

describe('the customers list, whose page statement reads the membership itself', () => {
  it('answers as the organisation scope does: 403 without the permission, 403 two-factor-required, 401', async () => {
    const eventOnly = await addStaff(t.app, team.organizationId, ['EVENT'], 'Eve Events');
    const lacking = await listThrough(other, eventOnly.accessToken);
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json().error.code).toBe('forbidden');
    const outsider = await newTeam(t.app, 'Elsewhere Org');
    const foreign = await listThrough(other, outsider.admin.accessToken);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toBe(lacking.body);
    // A foreign caller hears 403, not the query's validation details.
    const invalid = await other.inject({
      method: 'GET',
      url: '/api/customers?limit=5000',
      headers: orgHeaders(outsider.admin.accessToken, team.organizationId),
    });
    expect(invalid.statusCode).toBe(403);
    const db = t.app.ctx.db;
    await db
      .update(organizations)
      .set({ requireTwoFactor: true })
      .where(eq(organizations.id, team.organizationId));
    try {
      const twoFactor = await listThrough(other, member.accessToken);
      expect(twoFactor.statusCode).toBe(403);
      expect(twoFactor.json().error.code).toBe('two-factor-required');
    } finally {
      await db
        .update(organizations)
        .set({ requireTwoFactor: false })
        .where(eq(organizations.id, team.organizationId));
    }
    expect((await listThrough(other, member.accessToken)).statusCode).toBe(200);
  });

  it('lists for an API token holding MEMBER, admitted by the guard as on any route', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/tokens',
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
      payload: { name: 'CRM', permissions: ['MEMBER'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = created.json<{ secret: string }>();
    const listed = await other.inject({
      method: 'GET',
      url: '/api/customers?limit=5',
      headers: bearer(secret),
    });
    expect(listed.statusCode, listed.body).toBe(200);
  });
});
