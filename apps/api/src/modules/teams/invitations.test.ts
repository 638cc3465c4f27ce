import { staffOrganizations } from '@guichet/db/schema/organizations';
import { invitations } from '@guichet/db/schema/teams';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestContext, uniqueEmail } from '../../../test/support/harness';
import { invitationTokenFromMail, newTeam, orgHeaders, type Team } from '../../../test/support/teams';
import { sha256 } from '../../tokens';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
});
afterAll(async () => t.close());

async function invite(team: Team, email: string, permissions: string[] = ['EVENT']) {
  return t.app.inject({
    method: 'POST',
    url: '/api/teams/invitations',
    headers: orgHeaders(team.admin.accessToken, team.organizationId),
    payload: { email, permissions },
  });
}

const preview = (token: string) => t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
const accept = (token: string, accessToken: string) =>
  t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: bearer(accessToken) });

const membership = async (organizationId: string, staffId: string) => {
  const [row] = await t.app.ctx.db
    .select()
    .from(staffOrganizations)
    .where(
      and(eq(staffOrganizations.organizationId, organizationId), eq(staffOrganizations.staffId, staffId)),
    );
  return row;
};

describe('inviting', () => {
  it('keeps one pending invitation per e-mail, even when several are sent at the same moment', async () => {
    const team = await newTeam(t.app, 'Simultaneous Invitations');
    const email = uniqueEmail('twice');
    const responses = await Promise.all(Array.from({ length: 8 }, () => invite(team, email)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const pendingRows = await t.app.ctx.db
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.organizationId, team.organizationId),
          eq(invitations.email, email),
          sql`accepted_at is null and revoked_at is null`,
        ),
      );
    expect(pendingRows).toHaveLength(1);
  });

  it('stores a hashed, expiring token and mails a link through the outbox', async () => {
    const team = await newTeam(t.app, 'Théâtre du Port');
    const email = uniqueEmail('invitee');
    const response = await invite(team, `  ${email.toUpperCase()} `, ['EVENT', 'SCAN']);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      email,
      permissions: ['EVENT', 'SCAN'],
      invitedBy: { staffId: team.admin.user.id, displayName: 'Ada Admin', email: team.admin.email },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      status: 'pending',
    });
    const days = (Date.parse(body.expiresAt) - Date.parse(body.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);

    const token = await invitationTokenFromMail(t, email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const mail = t.mails.filter((message) => message.to === email).at(-1)!;
    expect(mail.subject).toContain('Théâtre du Port');
    expect(mail.text).toContain(`http://localhost:4000/invitations/accept?token=${token}`);
    expect(mail.html).toContain('Accept the invitation');
    // A real link in the HTML: an anchor whose target is the invitation's address.
    expect(mail.html).toMatch(
      new RegExp(
        `<a href="http://localhost:4000/invitations/accept\\?token=${token}"[^>]*>Accept the invitation</a>`,
      ),
    );

    const [row] = await t.app.ctx.db.select().from(invitations).where(eq(invitations.id, body.id));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(row?.tokenHash).not.toContain(token);
    const raw = await t.app.ctx.db.execute(sql`select * from invitations where id = ${body.id}`);
    expect(JSON.stringify(raw)).not.toContain(token);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/teams/invitations',
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(list.json().items).toEqual([body]);
  });

  it('writes the mail in the inviter’s language', async () => {
    const team = await newTeam(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/staffs/me',
      headers: bearer(team.admin.accessToken),
      payload: { locale: 'fr' },
    });
    const email = uniqueEmail('fr');
    await invite(team, email);
    await t.app.outbox.drain();
    expect(t.mails.find((message) => message.to === email)?.subject).toMatch(/^Vous êtes invité/);
  });

  it('refuses someone who is already staff with 409 already-member', async () => {
    const team = await newTeam(t.app);
    const response = await invite(team, team.admin.email);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('already-member');
  });

  it('replaces a pending invitation of the same e-mail', async () => {
    const team = await newTeam(t.app);
    const email = uniqueEmail('again');
    await invite(team, email, ['EVENT']);
    const firstToken = await invitationTokenFromMail(t, email);
    const second = await invite(team, email, ['FINANCE']);
    expect(second.statusCode).toBe(201);
    const secondToken = await invitationTokenFromMail(t, email);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/teams/invitations',
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(list.json().items.map((item: { permissions: string[] }) => item.permissions)).toEqual([
      ['FINANCE'],
    ]);
    expect((await preview(firstToken)).statusCode).toBe(410);
    expect((await preview(secondToken)).json().permissions).toEqual(['FINANCE']);
  });
});

describe('accepting', () => {
  it('lets an existing account join once; the second accept is 410', async () => {
    const team = await newTeam(t.app, 'Jazz Club');
    const invitee = await signUp(t.app, { displayName: 'Ivy Invitee' });
    await invite(team, invitee.email, ['EVENT']);
    const token = await invitationTokenFromMail(t, invitee.email);

    const shown = await preview(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      organizationName: 'Jazz Club',
      email: invitee.email,
      permissions: ['EVENT'],
      accountExists: true,
    });

    const accepted = await accept(token, invitee.accessToken);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      organization: { id: team.organizationId, name: 'Jazz Club' },
      permissions: ['EVENT'],
    });
    expect((await membership(team.organizationId, invitee.user.id))?.permissions).toEqual(['EVENT']);

    const events = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/current',
      headers: orgHeaders(invitee.accessToken, team.organizationId),
    });
    expect(events.statusCode).toBe(200);

    const reuse = await accept(token, invitee.accessToken);
    expect(reuse.statusCode).toBe(410);
    expect(reuse.json().error.code).toBe('invitation-expired');
    expect((await preview(token)).statusCode).toBe(410);

    // The join is in the member's history.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/teams/members/${invitee.user.id}`,
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(detail.json().audit.items).toMatchObject([
      { action: 'staff.joined', before: null, after: { permissions: ['EVENT'] } },
    ]);
    // Accepted invitations leave the pending list.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/teams/invitations',
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(list.json().items).toEqual([]);
  });

  it('lets a new person register, then accept', async () => {
    const team = await newTeam(t.app);
    const email = uniqueEmail('newcomer');
    await invite(team, email, ['MEMBER']);
    const token = await invitationTokenFromMail(t, email);
    expect((await preview(token)).json().accountExists).toBe(false);
    const newcomer = await signUp(t.app, { email, displayName: 'New Comer' });
    expect((await accept(token, newcomer.accessToken)).statusCode).toBe(200);
    expect((await membership(team.organizationId, newcomer.user.id))?.permissions).toEqual(['MEMBER']);
  });

  it('refuses another signed-in account with user-mismatch', async () => {
    const team = await newTeam(t.app);
    const email = uniqueEmail('intended');
    await invite(team, email);
    const token = await invitationTokenFromMail(t, email);
    const stranger = await signUp(t.app);
    const response = await accept(token, stranger.accessToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('user-mismatch');
    expect(await membership(team.organizationId, stranger.user.id)).toBeUndefined();
    // The invitation is still usable by the right person.
    expect((await preview(token)).statusCode).toBe(200);
  });

  it('answers 404 invitation-invalid for an unknown token and asks for sign-in to accept', async () => {
    const unknown = await preview('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('invitation-invalid');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${'x'.repeat(43)}/accept`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 410 once expired', async () => {
    const team = await newTeam(t.app);
    const invitee = await signUp(t.app);
    const created = await invite(team, invitee.email);
    const token = await invitationTokenFromMail(t, invitee.email);
    await t.app.ctx.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(invitations.id, created.json().id));
    expect((await preview(token)).statusCode).toBe(410);
    const response = await accept(token, invitee.accessToken);
    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('invitation-expired');
    expect(await membership(team.organizationId, invitee.user.id)).toBeUndefined();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/teams/invitations',
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(list.json().items[0].status).toBe('expired');
  });

  it('is revoked: the link is dead', async () => {
    const team = await newTeam(t.app);
    const invitee = await signUp(t.app);
    const created = await invite(team, invitee.email);
    const token = await invitationTokenFromMail(t, invitee.email);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/invitations/${created.json().id}`,
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(revoke.statusCode).toBe(204);
    expect((await accept(token, invitee.accessToken)).statusCode).toBe(410);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/invitations/${created.json().id}`,
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(again.statusCode).toBe(404);
  });

  it('is resent: a new link and expiry, the old link dead', async () => {
    const team = await newTeam(t.app);
    const invitee = await signUp(t.app);
    const created = await invite(team, invitee.email);
    const oldToken = await invitationTokenFromMail(t, invitee.email);
    await t.app.ctx.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(invitations.id, created.json().id));
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/teams/invitations/${created.json().id}/resend`,
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().status).toBe('pending');
    expect(Date.parse(resent.json().expiresAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const newToken = await invitationTokenFromMail(t, invitee.email);
    expect(newToken).not.toBe(oldToken);
    expect((await preview(oldToken)).statusCode).toBe(404);
    expect((await accept(oldToken, invitee.accessToken)).statusCode).toBe(404);
    expect((await accept(newToken, invitee.accessToken)).statusCode).toBe(200);
  });

  it('joins exactly once when accepted twice at the same time', async () => {
    const team = await newTeam(t.app);
    const invitee = await signUp(t.app);
    await invite(team, invitee.email);
    const token = await invitationTokenFromMail(t, invitee.email);
    const results = await Promise.all([
      accept(token, invitee.accessToken),
      accept(token, invitee.accessToken),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 410]);
    const rows = await t.app.ctx.db
      .select()
      .from(staffOrganizations)
      .where(eq(staffOrganizations.staffId, invitee.user.id));
    expect(rows).toHaveLength(1);
  });

  it('rate-limits the public look-up per IP', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push(
          (await limited.app.inject({ method: 'GET', url: `/api/invitations/${'y'.repeat(43)}` })).statusCode,
        );
      }
      expect(codes).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
