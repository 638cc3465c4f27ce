import type { Queryable } from '@guichet/db/client';
import { normalizePermissions, type Permission } from '@guichet/shared/permissions';
import type {
  Invitation,
  InvitationAccepted,
  InvitationList,
  InvitationPreview,
  MemberSort,
  TeamMember,
  TeamMemberDetail,
  TeamMemberPage,
} from '@guichet/shared/teams';
import type { AppContext } from '../../context';
import { keysetPage } from '../../cursor';
import { AppError } from '../../errors';
import { newOpaqueToken, sha256 } from '../../tokens';
import { listAudit, recordAudit } from '../audit/audit.service';
import { toLocale } from '../auth/sessions';
import { enqueueMail } from '../mail/mail.repository';
import { toOrganization } from '../organizations/organizations.service';
import { invitationMail } from './mail';
import * as repository from './teams.repository';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

const notFound = () => new AppError('not-found', 'No such staff member or invitation in this organisation.');

function toMember(row: repository.MemberRow): TeamMember {
  return {
    staffId: row.staffId,
    displayName: row.displayName,
    email: row.email,
    permissions: normalizePermissions(row.permissions),
    status: 'active',
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    joinedAt: row.joinedAt.toISOString(),
  };
}

type InvitationRow = Awaited<ReturnType<typeof repository.listPendingInvitations>>[number];

function toInvitation(row: InvitationRow, now = Date.now()): Invitation {
  return {
    id: row.id,
    email: row.email,
    permissions: normalizePermissions(row.permissions),
    invitedBy:
      row.invitedById && row.invitedByName !== null && row.invitedByEmail !== null
        ? { staffId: row.invitedById, displayName: row.invitedByName, email: row.invitedByEmail }
        : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: row.expiresAt.getTime() > now ? 'pending' : 'expired',
  };
}

const hasAll = (permissions: readonly string[]) => permissions.includes('ALL');

// Members ----------------------------------------------------------------------------------------------------

export async function listMembers(
  ctx: AppContext,
  organizationId: string,
  query: { limit: number; cursor?: string | undefined; q?: string | undefined; sort: MemberSort },
): Promise<TeamMemberPage> {
  const { rows, nextCursor } = await repository.listMembers(ctx.db, organizationId, query);
  return { items: rows.map(toMember), nextCursor };
}

export async function getMember(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
  audit: { limit: number; cursor?: string | undefined },
): Promise<TeamMemberDetail> {
  const row = await repository.findMember(ctx.db, organizationId, staffId);
  if (!row) throw notFound();
  const entries = await listAudit(ctx.db, {
    organizationId,
    targetType: 'staff',
    targetId: staffId,
    limit: audit.limit,
    ...(audit.cursor ? { cursor: audit.cursor } : {}),
  });
  return {
    member: toMember(row),
    audit: {
      items: entries.items.map((entry) => ({
        id: entry.id,
        action: entry.action,
        before: entry.before,
        after: entry.after,
        createdAt: entry.createdAt,
        actor:
          entry.actorStaffId && entry.actorName !== null && entry.actorEmail !== null
            ? { staffId: entry.actorStaffId, displayName: entry.actorName, email: entry.actorEmail }
            : null,
      })),
      nextCursor: entries.nextCursor,
    },
  };
}

/**
 * Locks the organisation's memberships, then refuses a change that would leave no ALL holder. Under
 * concurrency the second of two changes waits for the first and counts what it left.
 */
async function assertAdminRemains(
  db: Queryable,
  organizationId: string,
  staffId: string,
  nextPermissions: readonly string[] | null,
): Promise<string[]> {
  const memberships = await repository.lockMemberships(db, organizationId);
  const target = memberships.find((membership) => membership.staffId === staffId);
  if (!target) throw notFound();
  const losesAll = hasAll(target.permissions) && !(nextPermissions && hasAll(nextPermissions));
  if (losesAll) {
    const otherAdmins = memberships.filter(
      (membership) => membership.staffId !== staffId && hasAll(membership.permissions),
    );
    if (otherAdmins.length === 0) {
      throw new AppError('last-admin', 'The organisation needs at least one staff member with ALL.');
    }
  }
  return target.permissions;
}

export async function updateMemberPermissions(
  ctx: AppContext,
  organizationId: string,
  actorStaffId: string,
  staffId: string,
  permissions: Permission[],
): Promise<TeamMember> {
  await ctx.db.transaction(async (tx) => {
    const before = await assertAdminRemains(tx, organizationId, staffId, permissions);
    const beforeSet = normalizePermissions(before);
    if (beforeSet.join() === permissions.join()) return;
    await repository.updateMemberPermissions(tx, organizationId, staffId, permissions);
    await recordAudit(tx, {
      organizationId,
      actorStaffId,
      action: 'staff.permissions-changed',
      targetType: 'staff',
      targetId: staffId,
      before: { permissions: beforeSet },
      after: { permissions },
    });
  });
  const row = await repository.findMember(ctx.db, organizationId, staffId);
  if (!row) throw notFound();
  return toMember(row);
}

export async function removeMember(
  ctx: AppContext,
  organizationId: string,
  actorStaffId: string,
  staffId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repository.findMember(tx, organizationId, staffId);
    if (!row) throw notFound();
    await assertAdminRemains(tx, organizationId, staffId, null);
    if (!(await repository.deleteMember(tx, organizationId, staffId))) throw notFound();
    await recordAudit(tx, {
      organizationId,
      actorStaffId,
      action: 'staff.removed',
      targetType: 'staff',
      targetId: staffId,
      before: {
        displayName: row.displayName,
        email: row.email,
        permissions: normalizePermissions(row.permissions),
      },
      after: null,
    });
  });
}

// Invitations ------------------------------------------------------------------------------------------------

export async function listInvitations(
  ctx: AppContext,
  organizationId: string,
  query: { limit: number; cursor?: string },
): Promise<InvitationList> {
  const rows = await repository.listPendingInvitations(ctx.db, organizationId, query);
  const page = keysetPage(rows, query.limit, (row) => ['', row.id]);
  const now = Date.now();
  return { items: page.items.map((row) => toInvitation(row, now)), nextCursor: page.nextCursor };
}

function invitationLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/invitations/accept?token=${encodeURIComponent(token)}`;
}

async function sendInvitationMail(
  ctx: AppContext,
  db: Queryable,
  input: {
    organizationId: string;
    inviterId: string;
    email: string;
    permissions: Permission[];
    token: string;
  },
) {
  // One after the other: inside a transaction both would share one connection.
  const organization = await repository.findOrganization(db, input.organizationId);
  const inviter = await repository.findStaff(db, input.inviterId);
  await enqueueMail(
    db,
    invitationMail({
      locale: toLocale(inviter?.locale ?? 'en'),
      to: input.email,
      organizationName: organization?.name ?? '',
      inviterName: inviter?.displayName ?? '',
      permissions: input.permissions,
      link: invitationLink(ctx, input.token),
      ttlDays: INVITATION_TTL_DAYS,
    }),
  );
}

const expiry = () => new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);

export async function createInvitation(
  ctx: AppContext,
  organizationId: string,
  inviterId: string,
  input: { email: string; permissions: Permission[] },
): Promise<Invitation> {
  const id = await ctx.db.transaction(async (tx) => {
    if (await repository.isMemberByEmail(tx, organizationId, input.email)) {
      throw new AppError('already-member', 'This person is already a member of the organisation.');
    }
    const { token, hash } = newOpaqueToken();
    const replaced: { id: string }[] = [];
    let row: Awaited<ReturnType<typeof repository.insertInvitation>>;
    // Replace any pending invitation; a concurrent one committed in between is replaced on the next turn.
    // Each lost turn means another invitation committed, so turns are bounded by the concurrent senders.
    for (let attempt = 0; ; attempt++) {
      replaced.push(...(await repository.revokePendingForEmail(tx, organizationId, input.email)));
      row = await repository.insertInvitation(tx, {
        organizationId,
        email: input.email,
        permissions: input.permissions,
        tokenHash: hash,
        invitedBy: inviterId,
        expiresAt: expiry(),
      });
      if (row) break;
      if (attempt >= 20) throw new AppError('internal-error', 'The invitation could not be saved.');
    }
    await recordAudit(tx, {
      organizationId,
      actorStaffId: inviterId,
      action: 'invitation.created',
      targetType: 'invitation',
      targetId: row.id,
      before: replaced.length > 0 ? { replaced: replaced.map((entry) => entry.id) } : null,
      after: { email: input.email, permissions: input.permissions },
    });
    await sendInvitationMail(ctx, tx, { organizationId, inviterId, ...input, token });
    return row.id;
  });
  ctx.kickOutbox();
  const row = await repository.findPendingInvitation(ctx.db, organizationId, id);
  if (!row) throw notFound();
  return toInvitation(row);
}

export async function resendInvitation(
  ctx: AppContext,
  organizationId: string,
  actorStaffId: string,
  invitationId: string,
): Promise<Invitation> {
  await ctx.db.transaction(async (tx) => {
    const { token, hash } = newOpaqueToken();
    const row = await repository.renewInvitation(tx, organizationId, invitationId, {
      tokenHash: hash,
      expiresAt: expiry(),
    });
    if (!row) throw notFound();
    const permissions = normalizePermissions(row.permissions);
    await recordAudit(tx, {
      organizationId,
      actorStaffId,
      action: 'invitation.resent',
      targetType: 'invitation',
      targetId: row.id,
      after: { email: row.email, permissions, expiresAt: row.expiresAt.toISOString() },
    });
    await sendInvitationMail(ctx, tx, {
      organizationId,
      inviterId: actorStaffId,
      email: row.email,
      permissions,
      token,
    });
  });
  ctx.kickOutbox();
  const row = await repository.findPendingInvitation(ctx.db, organizationId, invitationId);
  if (!row) throw notFound();
  return toInvitation(row);
}

export async function revokeInvitation(
  ctx: AppContext,
  organizationId: string,
  actorStaffId: string,
  invitationId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repository.revokeInvitation(tx, organizationId, invitationId);
    if (!row) throw notFound();
    await recordAudit(tx, {
      organizationId,
      actorStaffId,
      action: 'invitation.revoked',
      targetType: 'invitation',
      targetId: row.id,
      before: { email: row.email, permissions: normalizePermissions(row.permissions) },
      after: null,
    });
  });
}

// Accepting --------------------------------------------------------------------------------------------------

async function findUsableInvitation(db: Queryable, token: string) {
  const found = await repository.findInvitationByTokenHash(db, sha256(token));
  if (!found) throw new AppError('invitation-invalid', 'This invitation link is not valid.');
  const { invitation } = found;
  if (invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= Date.now()) {
    throw new AppError('invitation-expired', 'This invitation has expired or was already used.');
  }
  return found;
}

export async function previewInvitation(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<InvitationPreview> {
  await ctx.limiters.authPerIp.hit(`invitation:${ip}`);
  const { invitation, organizationName } = await findUsableInvitation(ctx.db, token);
  return {
    organizationName,
    email: invitation.email,
    permissions: normalizePermissions(invitation.permissions),
    accountExists: await repository.staffExistsWithEmail(ctx.db, invitation.email),
  };
}

export async function acceptInvitation(
  ctx: AppContext,
  staffId: string,
  token: string,
  ip: string,
): Promise<InvitationAccepted> {
  await ctx.limiters.authPerIp.hit(`invitation:${ip}`);
  const { invitation } = await findUsableInvitation(ctx.db, token);
  const person = await repository.findStaff(ctx.db, staffId);
  if (!person) throw new AppError('unauthenticated', 'Sign in to continue.');
  if (person.email !== invitation.email) {
    throw new AppError('user-mismatch', 'This invitation was sent to another e-mail address.');
  }
  const permissions = normalizePermissions(invitation.permissions);
  const organization = await ctx.db.transaction(async (tx) => {
    const won = await repository.markInvitationAccepted(
      tx,
      invitation.organizationId,
      invitation.id,
      staffId,
    );
    if (!won) throw new AppError('invitation-expired', 'This invitation has expired or was already used.');
    if (!(await repository.insertMember(tx, invitation.organizationId, staffId, permissions))) {
      throw new AppError('already-member', 'You are already a member of this organisation.');
    }
    await recordAudit(tx, {
      organizationId: invitation.organizationId,
      actorStaffId: staffId,
      action: 'staff.joined',
      targetType: 'staff',
      targetId: staffId,
      before: null,
      after: { permissions, invitationId: invitation.id, invitedBy: invitation.invitedBy },
    });
    const row = await repository.findOrganization(tx, invitation.organizationId);
    if (!row) throw new AppError('invitation-invalid', 'This invitation link is not valid.');
    return row;
  });
  return { organization: toOrganization(organization), permissions };
}
