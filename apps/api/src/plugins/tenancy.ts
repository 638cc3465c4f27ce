import type { Database } from '@guichet/db/client';
import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import { twoFactor } from '@guichet/db/schema/sign-in';
import { checkPermission, type Permission } from '@guichet/shared/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { PreHandler } from './auth';

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
    const [membership] = await db
      .select({
        permissions: staffOrganizations.permissions,
        // An organisation may require two-factor sign-in of its staff (read in the same query).
        twoFactorMissing: sql<boolean>`${organizations.requireTwoFactor} and not exists (select 1 from ${twoFactor} where ${twoFactor.staffId} = ${staffId} and ${twoFactor.enabledAt} is not null)`,
      })
      .from(staffOrganizations)
      .innerJoin(organizations, eq(organizations.id, staffOrganizations.organizationId))
      .where(
        and(eq(staffOrganizations.organizationId, organizationId), eq(staffOrganizations.staffId, staffId)),
      )
      .limit(1);
    if (!membership) throw forbidden();
    if (membership.twoFactorMissing) {
      throw new AppError('two-factor-required', 'This organisation requires two-factor sign-in.');
    }
    if (anyOf !== 'member' && !checkPermission(membership.permissions, anyOf)) throw forbidden();
    request.tenant = { organizationId, permissions: membership.permissions };
  };
}

export function requireTenant(request: FastifyRequest): { organizationId: string; permissions: string[] } {
  if (!request.tenant) throw forbidden();
  return request.tenant;
}

function forbidden(): AppError {
  return new AppError('forbidden', 'You do not have access to this organisation or action.');
}
