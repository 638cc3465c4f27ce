import { staff } from '@guichet/db/schema/identity';
import { normalizePermissions } from '@guichet/shared/permissions';
import type { PatchStaffMeBody, StaffMe } from '@guichet/shared/staffs';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { toLocale } from '../auth/auth.service';
import { listMemberships } from '../organizations/organizations.service';

export async function getStaffMe(ctx: AppContext, staffId: string): Promise<StaffMe> {
  const [row] = await ctx.db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
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
  await ctx.db
    .update(staff)
    .set({ ...body, updatedAt: sql`now()` })
    .where(eq(staff.id, staffId));
  return getStaffMe(ctx, staffId);
}
