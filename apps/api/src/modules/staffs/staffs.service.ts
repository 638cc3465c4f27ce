import { normalizePermissions } from '@guichet/shared/permissions';
import type { PatchStaffMeBody, StaffMe } from '@guichet/shared/staffs';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { toLocale } from '../auth/sessions';
import { listMemberships } from '../organizations/organizations.service';
import * as repository from './staffs.repository';

export async function getStaffMe(ctx: AppContext, staffId: string): Promise<StaffMe> {
  const row = await repository.findStaff(ctx.db, staffId);
  if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
  const memberships = await listMemberships(ctx, staffId);
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    locale: toLocale(row.locale),
    createdAt: row.createdAt.toISOString(),
    staffOrganization: memberships.map((entry) => ({
      ...entry,
      permissions: normalizePermissions(entry.permissions),
    })),
  };
}

export async function updateStaffMe(
  ctx: AppContext,
  staffId: string,
  body: PatchStaffMeBody,
): Promise<StaffMe> {
  await repository.updateStaff(ctx.db, staffId, body);
  return getStaffMe(ctx, staffId);
}
