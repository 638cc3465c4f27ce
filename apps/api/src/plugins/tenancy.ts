import type { Database } from '@guichet/db/client';
import { staff } from '@guichet/db/schema/identity';
import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import { twoFactor } from '@guichet/db/schema/sign-in';
import { checkPermission, type Permission } from '@guichet/shared/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { authenticate, type PreHandler } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireOrganization`: the organisation of X-Organization-ID and what the caller holds there. */
    tenant: { organizationId: string; permissions: string[] } | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Organisation scope: X-Organization-ID must name an organisation the caller is staff of, and the caller
 * must hold one of `anyOf` there (checked with the shared rule; `'member'` admits any staff member).
 * Membership is read on every request, so a change of permissions applies to the very next one.
 * A foreign and a non-existent organisation get the same 403.
 */
export function requireOrganization(db: Database, anyOf: readonly Permission[] | 'member'): PreHandler {
  return async (request) => {
    const staffId = request.staffId;
    if (!staffId) throw new AppError('unauthenticated', 'Sign in to continue.');
    const header = request.headers['x-organization-id'];
    const organizationId = Array.isArray(header) ? header[0] : header;
    if (!organizationId) throw new AppError('organization-required', 'Choose an organisation first.');
    if (!UUID.test(organizationId)) throw forbidden();
    // One query answers "does the account still exist" (401 if not) and "what does it hold here" (403 if
    // nothing), so organisation-scoped requests need no separate account lookup.
    const [row] = await db
      .select({
        permissions: staffOrganizations.permissions,
        // An organisation may require two-factor sign-in of its staff (read in the same query).
        twoFactorMissing: sql<
          boolean | null
        >`${organizations.requireTwoFactor} and not exists (select 1 from ${twoFactor} where ${twoFactor.staffId} = ${staffId} and ${twoFactor.enabledAt} is not null)`,
      })
      .from(staff)
      .leftJoin(
        staffOrganizations,
        and(eq(staffOrganizations.staffId, staff.id), eq(staffOrganizations.organizationId, organizationId)),
      )
      .leftJoin(organizations, eq(organizations.id, staffOrganizations.organizationId))
      .where(eq(staff.id, staffId))
      .limit(1);
    if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
    const membership = row.permissions
      ? { permissions: row.permissions, twoFactorMissing: row.twoFactorMissing }
      : null;
    if (!membership) throw forbidden();
    if (membership.twoFactorMissing) {
      throw new AppError('two-factor-required', 'This organisation requires two-factor sign-in.');
    }
    if (anyOf !== 'member' && !checkPermission(membership.permissions, anyOf)) throw forbidden();
    request.tenant = { organizationId, permissions: membership.permissions };
  };
}

/** Bearer authentication and organisation scope together: one database query per request. */
export function organizationScope(
  db: Database,
  secret: Uint8Array,
  anyOf: readonly Permission[] | 'member',
): PreHandler[] {
  return [authenticate(db, secret, { accountCheckedByTenancy: true }), requireOrganization(db, anyOf)];
}

export function requireTenant(request: FastifyRequest): { organizationId: string; permissions: string[] } {
  if (!request.tenant) throw forbidden();
  return request.tenant;
}

function forbidden(): AppError {
  return new AppError('forbidden', 'You do not have access to this organisation or action.');
}
