import type { Database } from '@guichet/db/client';
import { API_TOKEN_PREFIX } from '@guichet/shared/integrations';
import { type ApiAccess, permits } from '@guichet/shared/permissions';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { sha256 } from '../tokens';
import { readApiTokenGrant, touchApiToken } from './api-token.repository';
import { unauthenticated } from './auth';
import type { RateLimiter } from './rate-limit';
import { noteApiToken } from './request-actor';
import { forbidden } from './tenancy';

/** Whether a bearer credential is an organisation's API token rather than a staff member's session token. */
export function isApiToken(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

/** How often a token's "last used" is written: a write per call would cost more than most calls. */
const LAST_USE_PRECISION_MS = 60_000;

/**
 * Admits a request that carries an API token (decision 034) on an organisation-scoped route: the token
 * exists, is neither revoked nor expired (401), its maker is still staff of its organisation (401: a
 * departed admin's tokens stop with them), X-Organization-ID if sent names the token's organisation
 * (403), and the token's permissions pass the route's access exactly as a staff member's would (403).
 * Each call counts against the token's rate limit, answered in the `RateLimit` headers. The request
 * then acts as the token: its tenant holds the token's permissions, and the audit names the token.
 */
export function apiTokenAdmission(db: Database, limiter: RateLimiter) {
  return async (request: FastifyRequest, bearer: string, access: ApiAccess): Promise<void> => {
    const grant = await readApiTokenGrant(db, sha256(bearer));
    if (!grant || grant.revokedAt || !grant.creatorIsStaff || !grant.createdByStaffId)
      throw unauthenticated();
    const now = Date.now();
    if (grant.expiresAt && grant.expiresAt.getTime() <= now) {
      throw new AppError('token-expired', 'This API token has expired.');
    }
    const header = request.headers['x-organization-id'];
    const named = Array.isArray(header) ? header[0] : header;
    if (named && named.toLowerCase() !== grant.organizationId) throw forbidden();
    await limiter.hit(grant.id);
    if (!permits(access, grant.permissions)) throw forbidden();
    if (!grant.lastUsedAt || now - grant.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS) {
      await touchApiToken(db, {
        organizationId: grant.organizationId,
        tokenId: grant.id,
        usedBefore: new Date(now - LAST_USE_PRECISION_MS),
      });
    }
    // Columns that name who made a change (an order's seller, a note's author) name the token's maker;
    // the audit names the token itself.
    request.staffId = grant.createdByStaffId;
    request.tenant = { organizationId: grant.organizationId, permissions: grant.permissions };
    request.apiTokenId = grant.id;
    noteApiToken(grant.id);
  };
}

export type ApiTokenAdmission = ReturnType<typeof apiTokenAdmission>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request came with an API token and was admitted: the token's id. */
    apiTokenId: string | null;
  }
}
