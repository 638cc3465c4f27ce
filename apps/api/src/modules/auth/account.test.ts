import { refreshTokens, staff } from '@guichet/db/schema/identity';
import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  refreshCookieOf,
  signUp,
  type TestContext,
} from '../../../test/support/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => t.close());

const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/token', cookies: { guichet_refresh: cookie } });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

const changePassword = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password', headers: bearer(token), payload });

const deleteAccount = (token: string, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: bearer(token), payload });

async function passwordHashOf(staffId: string) {
  const [row] = await t.app.ctx.db
    .select({ passwordHash: staff.passwordHash })
    .from(staff)
    .where(eq(staff.id, staffId));
  return row?.passwordHash;
}

describe('POST /api/auth/password', () => {
  it('refuses a wrong current password with 400 invalid-password and changes nothing', async () => {
    const user = await signUp(t.app);
    const before = await passwordHashOf(user.user.id);
    const response = await changePassword(user.accessToken, {
      currentPassword: 'not the password',
      newPassword: 'a brand new one',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-password');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await passwordHashOf(user.user.id)).toBe(before);
    expect((await refresh(user.refreshCookie)).statusCode).toBe(200);
  });

  it('refuses a new password that fails the policy', async () => {
    const user = await signUp(t.app);
    const response = await changePassword(user.accessToken, {
      currentPassword: user.password,
      newPassword: 'abc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('password-does-not-meet-requirements');
    expect(response.json().error.details.failedRules).toEqual(['minLength']);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword: 'whatever', newPassword: 'whatever else' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('changes the password, signs out other devices and keeps this one with a new cookie', async () => {
    const user = await signUp(t.app);
    const otherDevice = refreshCookieOf(await signIn(user.email, user.password));

    const response = await changePassword(user.accessToken, {
      currentPassword: user.password,
      newPassword: 'a brand new one',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const fresh = refreshCookieOf(response);
    expect(fresh).not.toBe(user.refreshCookie);

    expect((await refresh(otherDevice)).statusCode).toBe(401);
    expect((await refresh(user.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(fresh)).statusCode).toBe(200);

    const tokens = await t.app.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.staffId, user.user.id));
    // Two families from before the change, all revoked; one new family for this device.
    expect(new Set(tokens.map((row) => row.familyId)).size).toBe(3);
    expect(tokens.filter((row) => row.revokedAt === null && row.rotatedAt === null)).toHaveLength(1);

    const old = await signIn(user.email, user.password);
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('invalid-credential');
    expect((await signIn(user.email, 'a brand new one')).statusCode).toBe(200);
  });
});

describe('DELETE /api/auth/account', () => {
  it('refuses a wrong password with 400 invalid-password and keeps the account', async () => {
    const user = await signUp(t.app);
    const response = await deleteAccount(user.accessToken, { password: 'not the password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-password');
    expect(await t.app.ctx.db.select().from(staff).where(eq(staff.id, user.user.id))).toHaveLength(1);
  });

  it('refuses a body without the password with 400 argument-error', async () => {
    const user = await signUp(t.app);
    const response = await deleteAccount(user.accessToken, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('argument-error');
  });

  it('deletes the account, its sessions and the organisations it alone belonged to', async () => {
    const user = await signUp(t.app);
    const solo = await createOrganization(t.app, user.accessToken, 'Solo Events');

    // Another organisation the user belongs to with an administrator left behind survives.
    const colleague = await signUp(t.app);
    const shared = await createOrganization(t.app, colleague.accessToken, 'Shared Events');
    await t.app.ctx.db
      .insert(staffOrganizations)
      .values({ organizationId: shared.id, staffId: user.user.id, permissions: ['EVENT'] });

    const response = await deleteAccount(user.accessToken, { password: user.password });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/staffs/me',
      headers: bearer(user.accessToken),
    });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('unauthenticated');

    const again = await signIn(user.email, user.password);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid-credential');
    expect((await refresh(user.refreshCookie)).statusCode).toBe(401);

    const db = t.app.ctx.db;
    expect(await db.select().from(staff).where(eq(staff.id, user.user.id))).toHaveLength(0);
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.staffId, user.user.id))).toHaveLength(
      0,
    );
    expect(await db.select().from(organizations).where(eq(organizations.id, solo.id))).toHaveLength(0);
    expect(await db.select().from(organizations).where(eq(organizations.id, shared.id))).toHaveLength(1);
    const left = await db
      .select()
      .from(staffOrganizations)
      .where(eq(staffOrganizations.organizationId, shared.id));
    expect(left.map((row) => row.staffId)).toEqual([colleague.user.id]);
  });

  it('refuses the last ALL holder of an organisation with other staff (409 last-admin)', async () => {
    const owner = await signUp(t.app);
    const organization = await createOrganization(t.app, owner.accessToken, 'Stranded Events');
    const helper = await signUp(t.app);
    const db = t.app.ctx.db;
    await db
      .insert(staffOrganizations)
      .values({ organizationId: organization.id, staffId: helper.user.id, permissions: ['EVENT', 'SCAN'] });

    const refused = await deleteAccount(owner.accessToken, { password: owner.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('last-admin');
    expect(refused.json().error.details.organizations).toEqual([
      { id: organization.id, name: 'Stranded Events' },
    ]);
    expect(await db.select().from(staff).where(eq(staff.id, owner.user.id))).toHaveLength(1);
    expect(await db.select().from(organizations).where(eq(organizations.id, organization.id))).toHaveLength(
      1,
    );

    // Once another member holds ALL, the owner may leave; the organisation stays with them.
    await db
      .update(staffOrganizations)
      .set({ permissions: ['ALL'] })
      .where(
        and(
          eq(staffOrganizations.organizationId, organization.id),
          eq(staffOrganizations.staffId, helper.user.id),
        ),
      );
    const accepted = await deleteAccount(owner.accessToken, { password: owner.password });
    expect(accepted.statusCode).toBe(204);
    expect(await db.select().from(organizations).where(eq(organizations.id, organization.id))).toHaveLength(
      1,
    );
    const members = await db
      .select()
      .from(staffOrganizations)
      .where(eq(staffOrganizations.organizationId, organization.id));
    expect(members.map((row) => row.staffId)).toEqual([helper.user.id]);
  });
});
