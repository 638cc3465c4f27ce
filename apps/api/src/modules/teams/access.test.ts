import { invitations } from '@guichet/db/schema/teams';
import type { Permission } from '@guichet/shared/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SignedUp,
  type TestContext,
  uniqueEmail,
} from '../../../test/support/harness';
import { addStaff, newTeam, orgHeaders, snapshot, type Team } from '../../../test/support/teams';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
});
afterAll(async () => t.close());

interface Fixture {
  team: Team;
  target: SignedUp;
  invitationId: string;
}

/** An organisation with an admin, an EVENT staff member to act on, and a pending invitation. */
async function fixture(): Promise<Fixture> {
  const team = await newTeam(t.app);
  const target = await addStaff(t.app, team.organizationId, ['EVENT'], 'Tara Target');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/teams/invitations',
    headers: orgHeaders(team.admin.accessToken, team.organizationId),
    payload: { email: uniqueEmail('invitee'), permissions: ['MEMBER'] },
  });
  expect(created.statusCode).toBe(201);
  return { team, target, invitationId: created.json<{ id: string }>().id };
}

type Call = (f: Fixture) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };

const ENDPOINTS: Record<string, { call: Call; ok: number }> = {
  'GET /teams/members': { call: () => ({ method: 'GET', url: '/api/teams/members' }), ok: 200 },
  'GET /teams/members/:staffId': {
    call: (f) => ({ method: 'GET', url: `/api/teams/members/${f.target.user.id}` }),
    ok: 200,
  },
  'PATCH /teams/members/:staffId': {
    call: (f) => ({
      method: 'PATCH',
      url: `/api/teams/members/${f.target.user.id}`,
      payload: { permissions: ['EVENT', 'FINANCE'] },
    }),
    ok: 200,
  },
  'DELETE /teams/members/:staffId': {
    call: (f) => ({ method: 'DELETE', url: `/api/teams/members/${f.target.user.id}` }),
    ok: 204,
  },
  'GET /teams/invitations': { call: () => ({ method: 'GET', url: '/api/teams/invitations' }), ok: 200 },
  'POST /teams/invitations': {
    call: () => ({
      method: 'POST',
      url: '/api/teams/invitations',
      payload: { email: uniqueEmail('other'), permissions: ['ALL'] },
    }),
    ok: 201,
  },
  'POST /teams/invitations/:id/resend': {
    call: (f) => ({ method: 'POST', url: `/api/teams/invitations/${f.invitationId}/resend` }),
    ok: 200,
  },
  'DELETE /teams/invitations/:id': {
    call: (f) => ({ method: 'DELETE', url: `/api/teams/invitations/${f.invitationId}` }),
    ok: 204,
  },
};

const REFUSED: Permission[][] = [['EVENT'], ['MEMBER'], ['FINANCE'], ['DASHBOARD'], ['SCAN']];

describe.each(Object.entries(ENDPOINTS))('%s', (_, { call, ok }) => {
  it('is granted to ALL', async () => {
    const f = await fixture();
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(f.team.admin.accessToken, f.team.organizationId),
    });
    expect(response.statusCode, response.body).toBe(ok);
  });

  it.each(REFUSED)('is refused to %s staff, changing nothing', async (permission) => {
    const f = await fixture();
    const caller = await addStaff(t.app, f.team.organizationId, [permission]);
    const before = await snapshot(t, f.team.organizationId);
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(caller.accessToken, f.team.organizationId),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect(await snapshot(t, f.team.organizationId)).toEqual(before);
  });

  it('is refused to staff of another organisation, changing nothing', async () => {
    const f = await fixture();
    const outsider = await newTeam(t.app, 'Elsewhere');
    const before = await snapshot(t, f.team.organizationId);
    const asForeign = await t.app.inject({
      ...call(f),
      headers: orgHeaders(outsider.admin.accessToken, f.team.organizationId),
    });
    expect(asForeign.statusCode).toBe(403);
    expect(asForeign.json().error.code).toBe('forbidden');
    // With their own organisation, this organisation's rows do not exist for them.
    if (/\/(members|invitations)\/[0-9a-f-]{36}/.test(call(f).url)) {
      const asOwn = await t.app.inject({
        ...call(f),
        headers: orgHeaders(outsider.admin.accessToken, outsider.organizationId),
      });
      expect(asOwn.statusCode).toBe(404);
      expect(asOwn.json().error.code).toBe('not-found');
    }
    expect(await snapshot(t, f.team.organizationId)).toEqual(before);
  });

  it('asks for a token and an organisation', async () => {
    const f = await fixture();
    const anonymous = await t.app.inject({
      ...call(f),
      headers: { 'x-organization-id': f.team.organizationId },
    });
    expect(anonymous.statusCode).toBe(401);
    const noOrganization = await t.app.inject({ ...call(f), headers: bearer(f.team.admin.accessToken) });
    expect(noOrganization.statusCode).toBe(400);
    expect(noOrganization.json().error.code).toBe('organization-required');
  });
});

describe('foreign ids look like missing ones', () => {
  it('answers 404 for a staff id of another organisation and for an unknown one alike', async () => {
    const f = await fixture();
    const other = await newTeam(t.app, 'Other');
    const headers = orgHeaders(f.team.admin.accessToken, f.team.organizationId);
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/members/${other.admin.user.id}`,
      headers,
      payload: { permissions: ['EVENT'] },
    });
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/teams/members/01900000-0000-7000-8000-000000000000',
      headers,
      payload: { permissions: ['EVENT'] },
    });
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
  });

  it('cannot revoke another organisation’s invitation', async () => {
    const f = await fixture();
    const other = await newTeam(t.app, 'Other');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/invitations/${f.invitationId}`,
      headers: orgHeaders(other.admin.accessToken, other.organizationId),
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.app.ctx.db.select().from(invitations).where(eq(invitations.id, f.invitationId));
    expect(row?.revokedAt).toBeNull();
  });
});
