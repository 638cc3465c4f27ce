import type { Database } from '@guichet/db/client';
import { API_TOKEN_PREFIX } from '@guichet/shared/integrations';
import { type ApiAccess, permits } from '@guichet/shared/permissions';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { type MembershipRow, readMembership } from './access.repository';
import { bearerToken, type Guard, unauthenticated, type VerifiedTokens } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the organisation scope: the organisation of X-Organization-ID and what the caller holds there. */
    tenant: { organizationId: string; permissions: string[] } | null;
  }
}

export const forbidden = () =>
  new AppError('forbidden', 'You do not have access to this organisation or action.');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one reader of X-Organization-ID: required (400), and a malformed one is forbidden like a foreign one. */
export function organizationIdOf(request: FastifyRequest): string {
  const header = request.headers['x-organization-id'];
  const organizationId = Array.isArray(header) ? header[0] : header;
  if (!organizationId) throw new AppError('organization-required', 'Choose an organisation first.');
  if (!UUID.test(organizationId)) throw forbidden();
  return organizationId;
}

/**
 * The one rule of the organisation scope, on a membership read by the guard or in the scanner's own
 * statement: no account 401; not staff of the organisation 403 (a foreign and a non-existent organisation
 * alike); 403 `two-factor-required` when the organisation requires a two-factor sign-in the account has
 * not set up; then the access's permission check (shared with the web app). Answers what the caller holds.
 */
export function admitMember(membership: MembershipRow | undefined, access: ApiAccess): string[] {
  if (!membership?.accountFound) throw unauthenticated();
  if (!membership.permissions) throw forbidden();
  if (membership.twoFactorMissing) {
    throw new AppError('two-factor-required', 'This organisation requires two-factor sign-in.');
  }
  if (!permits(access, membership.permissions)) throw forbidden();
  return membership.permissions;
}

/**
 * Organisation scope: a valid access token (or an organisation's API token, admitted by `admitApiToken`), X-Organization-ID naming an organisation the caller is staff
 * of, and `access` passing there. One statement per request: the membership read also says whether the
 * account still exists. It is read on every request, so a change of permissions applies to the very next.
 * Only the token's signature check is remembered (`tokens`), never what the membership read answers.
 */
export function organizationScope(
  db: Database,
  tokens: VerifiedTokens,
  access: ApiAccess,
  admitApiToken?: (request: FastifyRequest, bearer: string, access: ApiAccess) => Promise<void>,
): Guard {
  return async (request) => {
    const bearer = bearerToken(request);
    // An organisation's API token (decision 034) is told apart by its prefix: one string test on the
    // staff path, which goes on unchanged.
    if (admitApiToken && bearer.startsWith(API_TOKEN_PREFIX)) return admitApiToken(request, bearer, access);
    const claims = await tokens.claimsOf(bearer);
    const organizationId = organizationIdOf(request);
    const permissions = admitMember(await readMembership(db, claims, organizationId), access);
    request.staffId = claims.staffId;
    request.sessionGeneration = claims.sessionGeneration;
    request.tenant = { organizationId, permissions };
  };
}

export function requireTenant(request: FastifyRequest): { organizationId: string; permissions: string[] } {
  if (!request.tenant) throw forbidden();
  return request.tenant;
}
