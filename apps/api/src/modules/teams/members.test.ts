import { staff } from '@guichet/db/schema/identity';
import { staffOrganizations } from '@guichet/db/schema/organizations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { addStaff, newTeam, orgHeaders } from '../../../test/support/teams';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
});
afterAll(async () => t.close());

const membershipOf = async (organizationId: string, staffId: string) => {
  const [row] = await t.app.ctx.db
    .select()
    .from(staffOrganizations)
    .where(
      and(eq(staffOrganizations.organizationId, organizationId), eq(staffOrganizations.staffId, staffId)),
    );
  return row;
};

describe('GET /api/teams/members', () => {
  it('lists the staff with search, sort and cursor pagination', async () => {
    const team = await newTeam(t.app);
    const zoe = await addStaff(t.app, team.organizationId, ['EVENT'], 'Zoé Zeller');
    const bob = await addStaff(t.app, team.organizationId, ['FINANCE', 'DASHBOARD'], 'bob Brun');
    await t.app.ctx.db
      .update(staff)
      .set({ lastSignInAt: new Date('2030-01-01T00:00:00Z') })
      .where(eq(staff.id, bob.user.id));
    const other = await newTeam(t.app, 'Other');
    await addStaff(t.app, other.organizationId, ['EVENT'], 'Not Listed');
    const headers = orgHeaders(team.admin.accessToken, team.organizationId);

    const all = await t.app.inject({ method: 'GET', url: '/api/teams/members', headers });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.items.map((item: { displayName: string }) => item.displayName)).toEqual([
      'Ada Admin',
      'bob Brun',
      'Zoé Zeller',
    ]);
    expect(body.nextCursor).toBeNull();
    expect(body.items[1]).toEqual({
      staffId: bob.user.id,
      displayName: 'bob Brun',
      email: bob.email,
      permissions: ['FINANCE', 'DASHBOARD'],
      status: 'active',
      lastSignInAt: '2030-01-01T00:00:00.000Z',
      joinedAt: expect.any(String),
    });

    const search = await t.app.inject({ method: 'GET', url: '/api/teams/members?q=ZEL', headers });
    expect(search.json().items.map((item: { staffId: string }) => item.staffId)).toEqual([zoe.user.id]);
    const byEmail = await t.app.inject({
      method: 'GET',
      url: `/api/teams/members?q=${encodeURIComponent(bob.email)}`,
      headers,
    });
    expect(byEmail.json().items).toHaveLength(1);
    const wildcard = await t.app.inject({ method: 'GET', url: '/api/teams/members?q=%25', headers });
    expect(wildcard.json().items).toHaveLength(0);

    const lastSignIn = await t.app.inject({
      method: 'GET',
      url: '/api/teams/members?sort=-lastSignInAt',
      headers,
    });
    expect(lastSignIn.json().items[0].staffId).toBe(bob.user.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/teams/members?sort=-name&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        headers,
      });
      expect(page.statusCode).toBe(200);
      const json: { items: { displayName: string }[]; nextCursor: string | null } = page.json();
      seen.push(...json.items.map((item) => item.displayName));
      cursor = json.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Zoé Zeller', 'bob Brun', 'Ada Admin']);
  });

  it('refuses an unknown sort', async () => {
    const team = await newTeam(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/teams/members?sort=password',
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('PATCH /api/teams/members/:staffId', () => {
  it('changes the permissions, audits before and after, and the next request sees it', async () => {
    const team = await newTeam(t.app);
    const colleague = await addStaff(t.app, team.organizationId, ['EVENT'], 'Cole League');
    const asColleague = orgHeaders(colleague.accessToken, team.organizationId);
    const refused = await t.app.inject({ method: 'GET', url: '/api/teams/members', headers: asColleague });
    expect(refused.statusCode).toBe(403);

    const headers = orgHeaders(team.admin.accessToken, team.organizationId);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/members/${colleague.user.id}`,
      headers,
      payload: { permissions: ['ALL', 'EVENT', 'EVENT'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().permissions).toEqual(['EVENT', 'ALL']);
    expect((await membershipOf(team.organizationId, colleague.user.id))?.permissions).toEqual([
      'EVENT',
      'ALL',
    ]);

    // The same access token, issued before the change, now opens the team.
    const allowed = await t.app.inject({ method: 'GET', url: '/api/teams/members', headers: asColleague });
    expect(allowed.statusCode).toBe(200);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/teams/members/${colleague.user.id}`,
      headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().member.permissions).toEqual(['EVENT', 'ALL']);
    expect(detail.json().audit.items).toEqual([
      {
        id: expect.any(String),
        action: 'staff.permissions-changed',
        before: { permissions: ['EVENT'] },
        after: { permissions: ['EVENT', 'ALL'] },
        createdAt: expect.any(String),
        actor: { staffId: team.admin.user.id, displayName: 'Ada Admin', email: team.admin.email },
      },
    ]);

    // Narrowing applies at once too.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/members/${colleague.user.id}`,
      headers,
      payload: { permissions: ['SCAN'] },
    });
    const again = await t.app.inject({ method: 'GET', url: '/api/teams/members', headers: asColleague });
    expect(again.statusCode).toBe(403);
  });

  it.each([
    ['no permission', { permissions: [] }],
    ['an unknown permission', { permissions: ['ROOT'] }],
    ['extra fields', { permissions: ['EVENT'], role: 'ADMIN' }],
  ])('refuses %s', async (_, payload) => {
    const team = await newTeam(t.app);
    const colleague = await addStaff(t.app, team.organizationId, ['EVENT']);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/members/${colleague.user.id}`,
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect((await membershipOf(team.organizationId, colleague.user.id))?.permissions).toEqual(['EVENT']);
  });
});

describe('the last administrator', () => {
  it('cannot be demoted or removed; with a second admin both work', async () => {
    const team = await newTeam(t.app);
    const headers = orgHeaders(team.admin.accessToken, team.organizationId);
    const url = `/api/teams/members/${team.admin.user.id}`;
    const demote = await t.app.inject({ method: 'PATCH', url, headers, payload: { permissions: ['EVENT'] } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('last-admin');
    const remove = await t.app.inject({ method: 'DELETE', url, headers });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.code).toBe('last-admin');
    expect((await membershipOf(team.organizationId, team.admin.user.id))?.permissions).toEqual(['ALL']);

    // Keeping ALL alongside other permissions is no demotion.
    const widen = await t.app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { permissions: ['ALL', 'SCAN'] },
    });
    expect(widen.statusCode).toBe(200);

    const second = await addStaff(t.app, team.organizationId, ['ALL'], 'Second Admin');
    const removeSecond = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/members/${second.user.id}`,
      headers,
    });
    expect(removeSecond.statusCode).toBe(204);
    expect(await membershipOf(team.organizationId, second.user.id)).toBeUndefined();
    const removedAgain = await t.app.inject({
      method: 'GET',
      url: `/api/teams/members/${second.user.id}`,
      headers,
    });
    expect(removedAgain.statusCode).toBe(404);
    // The removed member's token no longer opens the organisation.
    const asRemoved = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/current',
      headers: orgHeaders(second.accessToken, team.organizationId),
    });
    expect(asRemoved.statusCode).toBe(403);
  });

  it('removal is audited with what the member held', async () => {
    const team = await newTeam(t.app);
    const colleague = await addStaff(t.app, team.organizationId, ['FINANCE'], 'Fin Ance');
    const headers = orgHeaders(team.admin.accessToken, team.organizationId);
    await t.app.inject({ method: 'DELETE', url: `/api/teams/members/${colleague.user.id}`, headers });
    const { listAudit } = await import('../audit/audit.service');
    const entries = await listAudit(t.app.ctx.db, {
      organizationId: team.organizationId,
      targetType: 'staff',
      targetId: colleague.user.id,
      limit: 10,
    });
    expect(entries.items).toMatchObject([
      {
        action: 'staff.removed',
        actorStaffId: team.admin.user.id,
        before: { displayName: 'Fin Ance', email: colleague.email, permissions: ['FINANCE'] },
        after: null,
      },
    ]);
  });

  it('two last admins demoting themselves at once: exactly one succeeds', async () => {
    for (let round = 0; round < (onPostgres ? 5 : 1); round++) {
      const team = await newTeam(t.app);
      const second = await addStaff(t.app, team.organizationId, ['ALL'], 'Second Admin');
      const [first, other] = await Promise.all([
        t.app.inject({
          method: 'PATCH',
          url: `/api/teams/members/${team.admin.user.id}`,
          headers: orgHeaders(team.admin.accessToken, team.organizationId),
          payload: { permissions: ['EVENT'] },
        }),
        t.app.inject({
          method: 'PATCH',
          url: `/api/teams/members/${second.user.id}`,
          headers: orgHeaders(second.accessToken, team.organizationId),
          payload: { permissions: ['EVENT'] },
        }),
      ]);
      expect([first.statusCode, other.statusCode].sort()).toEqual([200, 409]);
      const rows = await t.app.ctx.db
        .select()
        .from(staffOrganizations)
        .where(eq(staffOrganizations.organizationId, team.organizationId));
      expect(rows.filter((row) => row.permissions.includes('ALL'))).toHaveLength(1);
    }
  });

  it('two last admins leaving at once: exactly one succeeds', async () => {
    const team = await newTeam(t.app);
    const second = await addStaff(t.app, team.organizationId, ['ALL'], 'Second Admin');
    await addStaff(t.app, team.organizationId, ['EVENT']);
    const results = await Promise.all([
      t.app.inject({
        method: 'DELETE',
        url: `/api/teams/members/${team.admin.user.id}`,
        headers: orgHeaders(team.admin.accessToken, team.organizationId),
      }),
      t.app.inject({
        method: 'DELETE',
        url: `/api/teams/members/${second.user.id}`,
        headers: orgHeaders(second.accessToken, team.organizationId),
      }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([204, 409]);
  });
});
