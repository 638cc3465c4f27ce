import type { Database } from '@guichet/db/client';
import { rawRows } from '@guichet/db/raw';
import { checkPermission, type Permission } from '@guichet/shared/permissions';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { authenticate, type PreHandler } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireOrganization`: the organisation of X-Organization-ID and what the caller holds there. */
    tenant: { organizationId: string; permissions: string[] } | null;
  }
}

/**
 * The account, its membership in the organisation, and whether the organisation requires a two-factor
 * sign-in the account has not set up. Run before every organisation-scoped request, so written by hand and
 * prepared once per connection: planning it and mapping it through the ORM cost more than running it.
 */
const MEMBERSHIP_SQL = `select membership.permissions,
    organization.require_two_factor and not exists (
      select 1 from two_factor where two_factor.staff_id = account.id and two_factor.enabled_at is not null
    ) as "twoFactorMissing"
  from staff account
  left join staff_organizations membership on membership.staff_id = account.id and membership.organization_id = $2
  left join organizations organization on organization.id = membership.organization_id
  where account.id = $1
  limit 1`;

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
    const [row] = await rawRows<{ permissions: string[] | null; twoFactorMissing: boolean | null }>(db, {
      name: 'organization_scope',
      text: MEMBERSHIP_SQL,
      values: [staffId, organizationId],
    });
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
