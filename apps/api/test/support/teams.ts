import { staffOrganizations } from '@guichet/db/schema/organizations';
import { outbox } from '@guichet/db/schema/outbox';
import { auditLog, invitations } from '@guichet/db/schema/teams';
import type { Permission } from '@guichet/shared/permissions';
import { asc, eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import { bearer, createOrganization, type SignedUp, signUp, type TestContext } from './harness';

export interface Team {
  organizationId: string;
  admin: SignedUp;
}

/** An organisation created through the API by a fresh admin (who holds ALL in it). */
export async function newTeam(app: App, name = 'Team Org'): Promise<Team> {
  const admin = await signUp(app, { displayName: 'Ada Admin' });
  const organization = await createOrganization(app, admin.accessToken, name);
  return { organizationId: organization.id, admin };
}

/** A fresh staff member holding `permissions` in the organisation (added directly, as a fixture). */
export async function addStaff(
  app: App,
  organizationId: string,
  permissions: Permission[],
  displayName = 'Sam Staff',
): Promise<SignedUp> {
  const person = await signUp(app, { displayName });
  await app.ctx.db
    .insert(staffOrganizations)
    .values({ organizationId, staffId: person.user.id, permissions });
  return person;
}

export const orgHeaders = (token: string, organizationId: string) => ({
  ...bearer(token),
  'x-organization-id': organizationId,
});

/** Everything the team endpoints may change, to prove a refused call changed nothing. */
export async function snapshot(t: TestContext, organizationId: string) {
  const db = t.app.ctx.db;
  const [members, invites, audit, mail] = await Promise.all([
    db
      .select()
      .from(staffOrganizations)
      .where(eq(staffOrganizations.organizationId, organizationId))
      .orderBy(asc(staffOrganizations.staffId)),
    db
      .select()
      .from(invitations)
      .where(eq(invitations.organizationId, organizationId))
      .orderBy(asc(invitations.id)),
    db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId)),
    db.select({ id: outbox.id }).from(outbox),
  ]);
  return { members, invites, audit: audit.length, mail: mail.length };
}

/** The token of the newest invitation mail to `to`, read from its link. */
export async function invitationTokenFromMail(t: TestContext, to: string): Promise<string> {
  await t.app.outbox.drain();
  const mail = t.mails.filter((message) => message.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = /\/invitations\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation link in ${mail.text}`);
  return match[1];
}
