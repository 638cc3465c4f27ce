import type { Database } from '@guichet/db/client';
import { rawRows } from '@guichet/db/raw';
import { staff } from '@guichet/db/schema/identity';
import { and, eq } from 'drizzle-orm';
import type { AccessClaims } from '../tokens';

/**
 * The statements of the access guard (./access.ts): whether an account exists, and what a staff member
 * holds in an organisation. The membership is defined once, here, as a fragment that other statements
 * include: the scanner's read and write check it in the same statement as the scan (decision 019).
 */

/** A membership as `membershipOf` selects it; see `admitMember` in ./tenancy.ts for what it decides. */
export interface MembershipRow {
  /** Null when the account no longer exists or the token's sessions were ended. */
  accountFound: boolean | null;
  /** Null when the account is not staff of the organisation (or the organisation does not exist). */
  permissions: string[] | null;
  /** Whether the organisation requires a two-factor sign-in the account has not set up. */
  twoFactorMissing: boolean | null;
}

/**
 * The membership of staff member `staffId` in organisation `organizationId`: one row while the account
 * exists and `sessionGeneration` (the access token's) is still its current one, none after the account
 * is deleted or its sessions ended. All three are SQL expressions of the statement that includes the
 * fragment (its parameters or its columns), so that statement numbers its own parameters.
 */
export function membershipOf(staffId: string, organizationId: string, sessionGeneration: string): string {
  return `select true as "accountFound", membership.permissions,
      organization.require_two_factor and not exists (
        select 1 from two_factor where two_factor.staff_id = account.id and two_factor.enabled_at is not null
      ) as "twoFactorMissing"
    from staff account
    left join staff_organizations membership
      on membership.staff_id = account.id and membership.organization_id = ${organizationId}
    left join organizations organization on organization.id = membership.organization_id
    where account.id = ${staffId} and account.session_generation = ${sessionGeneration}`;
}

/**
 * Read before every organisation-scoped request, so written by hand and prepared once per connection:
 * planning it and mapping it through the ORM cost more than running it. One statement answers both "does
 * the account still exist" and "what does it hold here".
 */
export async function readMembership(
  db: Database,
  claims: AccessClaims,
  organizationId: string,
): Promise<MembershipRow | undefined> {
  const [row] = await rawRows<MembershipRow>(db, {
    name: 'organization_scope',
    text: membershipOf('$1', '$2', '$3::int'),
    values: [claims.staffId, organizationId, claims.sessionGeneration],
  });
  return row;
}

/**
 * Whether the account still exists and the token's session generation is its current one: a deleted
 * account's tokens, and tokens issued before its sessions were ended, stop working at once.
 */
export async function sessionIsCurrent(db: Database, claims: AccessClaims): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, claims.staffId), eq(staff.sessionGeneration, claims.sessionGeneration)))
    .limit(1);
  return row !== undefined;
}
