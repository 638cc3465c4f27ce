import type { Queryable } from '@guichet/db/client';
import type { Organization } from '@guichet/shared/organizations';
import { slugify } from '@guichet/shared/slug';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import * as repository from './organizations.repository';

export function toOrganization(row: repository.OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
    timeZone: row.timeZone,
  };
}

/** Creates the organisation with the creator holding ALL, in one transaction. */
export async function createOrganization(
  ctx: AppContext,
  staffId: string,
  name: string,
): Promise<Organization> {
  return ctx.db.transaction(async (tx) => {
    const base = slugify(name, { maxLength: 48, fallback: 'organisation' });
    for (let attempt = 0; attempt < 8; attempt++) {
      const suffix = attempt === 0 ? '' : `-${Math.random().toString(36).slice(2, 6)}`;
      const row = await createOrganizationWith(tx, { name, slug: `${base}${suffix}` }, [
        { staffId, permissions: ['ALL'] },
      ]);
      if (row) return toOrganization(row);
    }
    throw new AppError('internal-error', 'Could not find a free address for the organisation.');
  });
}

/**
 * Creates the organisation at `slug` with its staff and their permissions, in the caller's transaction;
 * undefined when the slug is taken.
 */
export async function createOrganizationWith(
  db: Queryable,
  values: { name: string; slug: string },
  members: { staffId: string; permissions: string[] }[],
): Promise<repository.OrganizationRow | undefined> {
  const row = await repository.insertOrganization(db, values);
  if (!row) return undefined;
  for (const member of members) {
    await repository.insertMembership(db, { organizationId: row.id, ...member });
  }
  return row;
}

export async function getOrganizationForStaff(ctx: AppContext, organizationId: string, staffId: string) {
  const row = await repository.findOrganizationForStaff(ctx.db, organizationId, staffId);
  if (!row) throw new AppError('forbidden', 'You do not have access to this organisation or action.');
  return toOrganization(row);
}

export async function listMemberships(ctx: AppContext, staffId: string) {
  const rows = await repository.listMemberships(ctx.db, staffId);
  return rows.map((row) => ({
    organization_id: row.organization.id,
    organization: toOrganization(row.organization),
    permissions: row.permissions,
  }));
}

/**
 * Before an account goes: refuse if it is the last administrator of an organisation that has other staff;
 * otherwise delete the organisations it alone belongs to. Runs inside the caller's transaction.
 */
export async function releaseMemberships(db: Queryable, staffId: string): Promise<void> {
  const stranded = await repository.organizationsStrandedWithout(db, staffId);
  if (stranded.length > 0) {
    throw new AppError('last-admin', 'You are the last administrator of an organisation with other staff.', {
      details: { organizations: stranded },
    });
  }
  await repository.deleteSoleMemberOrganizations(db, staffId);
}
