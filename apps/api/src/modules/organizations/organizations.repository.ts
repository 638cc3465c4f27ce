import type { Queryable } from '@guichet/db/client';
import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import { and, asc, eq, sql } from 'drizzle-orm';

export type OrganizationRow = typeof organizations.$inferSelect;

/** Inserts an organisation unless its slug is taken (then returns undefined and the caller tries another). */
export async function insertOrganization(
  db: Queryable,
  values: { name: string; slug: string },
): Promise<OrganizationRow | undefined> {
  const [row] = await db.insert(organizations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertMembership(
  db: Queryable,
  values: { organizationId: string; staffId: string; permissions: string[] },
): Promise<void> {
  await db.insert(staffOrganizations).values(values);
}

/** The organisation, only if `staffId` is staff of it: "not yours" and "does not exist" look the same. */
export async function findOrganizationForStaff(db: Queryable, organizationId: string, staffId: string) {
  const [row] = await db
    .select({ organization: organizations })
    .from(organizations)
    .innerJoin(staffOrganizations, eq(staffOrganizations.organizationId, organizations.id))
    .where(and(eq(organizations.id, organizationId), eq(staffOrganizations.staffId, staffId)))
    .limit(1);
  return row?.organization;
}

export async function listMemberships(db: Queryable, staffId: string) {
  return db
    .select({ organization: organizations, permissions: staffOrganizations.permissions })
    .from(staffOrganizations)
    .innerJoin(organizations, eq(organizations.id, staffOrganizations.organizationId))
    .where(eq(staffOrganizations.staffId, staffId))
    .orderBy(asc(staffOrganizations.createdAt), asc(organizations.name));
}

/**
 * Organisations where `staffId` is the only ALL holder while other staff remain: leaving would strand
 * them without an administrator.
 */
export async function organizationsStrandedWithout(db: Queryable, staffId: string) {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(staffOrganizations)
    .innerJoin(organizations, eq(organizations.id, staffOrganizations.organizationId))
    .where(
      and(
        eq(staffOrganizations.staffId, staffId),
        sql`'ALL' = any(${staffOrganizations.permissions})`,
        sql`not exists (select 1 from staff_organizations other where other.organization_id = ${staffOrganizations.organizationId} and other.staff_id <> ${staffId} and 'ALL' = any(other.permissions))`,
        sql`exists (select 1 from staff_organizations other where other.organization_id = ${staffOrganizations.organizationId} and other.staff_id <> ${staffId})`,
      ),
    );
}

/** Deletes the organisations whose only staff member is `staffId` (with everything they own). */
export async function deleteSoleMemberOrganizations(db: Queryable, staffId: string): Promise<void> {
  await db
    .delete(organizations)
    .where(
      and(
        sql`${organizations.id} in (select organization_id from staff_organizations where staff_id = ${staffId})`,
        sql`not exists (select 1 from staff_organizations other where other.organization_id = ${organizations.id} and other.staff_id <> ${staffId})`,
      ),
    );
}
