import type { Queryable } from '@guichet/db/client';
import { organizations } from '@guichet/db/schema/organizations';
import { files } from '@guichet/db/schema/settings';
import { twoFactor } from '@guichet/db/schema/sign-in';
import { invitations } from '@guichet/db/schema/teams';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';

const companyColumns = {
  name: organizations.name,
  legalName: organizations.legalName,
  addressLine1: organizations.addressLine1,
  addressLine2: organizations.addressLine2,
  postalCode: organizations.postalCode,
  city: organizations.city,
  country: organizations.country,
  vatNumber: organizations.vatNumber,
  contactEmail: organizations.contactEmail,
  defaultCurrency: organizations.defaultCurrency,
  timeZone: organizations.timeZone,
  offlinePaymentInstructions: organizations.offlinePaymentInstructions,
  logoFileId: organizations.logoFileId,
  requireTwoFactor: organizations.requireTwoFactor,
  updatedAt: organizations.updatedAt,
  logoContentType: files.contentType,
  logoSize: files.size,
};

export type CompanyRow = Awaited<ReturnType<typeof findCompany>>;

/** The organisation's settings with its logo's metadata; `forUpdate` locks the row for the transaction. */
export async function findCompany(db: Queryable, organizationId: string, forUpdate = false) {
  const query = db
    .select(companyColumns)
    .from(organizations)
    .leftJoin(files, and(eq(files.id, organizations.logoFileId), eq(files.organizationId, organizations.id)))
    .where(eq(organizations.id, organizationId))
    .limit(1);
  const [row] = await (forUpdate ? query.for('update', { of: organizations }) : query);
  return row;
}

export type CompanyUpdate = Partial<
  Pick<
    typeof organizations.$inferInsert,
    | 'name'
    | 'legalName'
    | 'addressLine1'
    | 'addressLine2'
    | 'postalCode'
    | 'city'
    | 'country'
    | 'vatNumber'
    | 'contactEmail'
    | 'defaultCurrency'
    | 'timeZone'
    | 'offlinePaymentInstructions'
    | 'logoFileId'
    | 'requireTwoFactor'
  >
>;

export async function updateCompany(db: Queryable, organizationId: string, values: CompanyUpdate) {
  await db
    .update(organizations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(organizations.id, organizationId));
}

export async function insertFile(
  db: Queryable,
  values: {
    id: string;
    organizationId: string;
    storageKey: string;
    contentType: string;
    size: number;
    purpose: string;
    uploadedBy: string;
  },
) {
  await db.insert(files).values(values);
}

/** The organisation's file: another organisation's id finds nothing, exactly like a missing one. */
export async function findFile(db: Queryable, organizationId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.organizationId, organizationId), eq(files.id, fileId)))
    .limit(1);
  return row;
}

export async function deleteFile(db: Queryable, organizationId: string, fileId: string) {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.organizationId, organizationId), eq(files.id, fileId)))
    .returning({ storageKey: files.storageKey });
  return row;
}

/** Whether `email` holds an invitation that can still be accepted, in any organisation. */
export async function hasPendingInvitation(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        sql`lower(${invitations.email}) = ${email.trim().toLowerCase()}`,
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether the staff member has turned two-factor sign-in on for their own account. */
export async function hasTwoFactorEnabled(db: Queryable, staffId: string): Promise<boolean> {
  const [row] = await db
    .select({ staffId: twoFactor.staffId })
    .from(twoFactor)
    .where(and(eq(twoFactor.staffId, staffId), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  return Boolean(row);
}
