import type { Database } from '@guichet/db/client';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { type AccessClaims, verifyAccessToken } from '../tokens';
import { sessionIsCurrent } from './access.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access guard: the staff member the bearer token belongs to. */
    staffId: string | null;
    /** Set with `staffId`: the session generation the access token was issued in. */
    sessionGeneration: number;
  }
}

/** A check the access guard runs before the request is read any further; it throws to refuse. */
export type Guard = (request: FastifyRequest) => Promise<void>;

export const unauthenticated = () => new AppError('unauthenticated', 'Sign in to continue.');

/** The one reader of `Authorization: Bearer <token>`: the token, or 401 without one. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw unauthenticated();
  return match[1];
}

/**
 * Signed in: a valid, unexpired access token whose staff member still exists and whose sessions were not
 * ended since it was issued (a deleted account's tokens, and those from before a password change, stop
 * working at once).
 *
 * `rememberAccountMs` is for routes that expose no organisation data and are called key by key (place
 * search): the token is still verified on every request, but that its session is current is remembered per
 * staff member and generation for that long, sparing a query per keystroke. An ended session keeps such
 * routes that long.
 */
export function signedIn(db: Database, tokens: VerifiedTokens, rememberAccountMs = 0): Guard {
  const checkedUntil = new Map<string, number>();
  return async (request) => {
    const claims = await tokens.claimsOf(bearerToken(request));
    const key = `${claims.staffId}:${claims.sessionGeneration}`;
    if ((checkedUntil.get(key) ?? 0) <= Date.now()) {
      if (!(await sessionIsCurrent(db, claims))) throw unauthenticated();
      if (rememberAccountMs > 0) {
        if (checkedUntil.size >= 10_000) checkedUntil.clear();
        checkedUntil.set(key, Date.now() + rememberAccountMs);
      }
    }
    request.staffId = claims.staffId;
    request.sessionGeneration = claims.sessionGeneration;
  };
}

/** The caller's access claims, for handlers that check the session themselves (the scanner's redeem). */
export function requireClaims(request: FastifyRequest): AccessClaims {
  return { staffId: requireStaffId(request), sessionGeneration: request.sessionGeneration };
}

export function requireStaffId(request: FastifyRequest): string {
  if (!request.staffId) throw unauthenticated();
  return request.staffId;
}

/**
 * Remembered verifications of access tokens, for every guarded route (one per app, shared by the guards).
 * Verifying the token's signature was a sixth of the scanner's redeem's CPU, and a client sends the same
 * token with every call until it expires, so a verified token is remembered (at most a minute, never past
 * its expiry). Only the signature check is saved: the account, its session generation and its membership
 * are still read with every request (the scanner's in its own statement), so a deleted account, ended
 * sessions or a removed permission take effect at the very next request.
 */
const REMEMBER_MS = 60_000;
const MAX_TOKENS = 10_000;

export class VerifiedTokens {
  private readonly tokens = new Map<string, { claims: AccessClaims; until: number }>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  async claimsOf(token: string): Promise<AccessClaims> {
    const known = this.tokens.get(token);
    if (known && known.until > this.now()) return known.claims;
    if (known) this.tokens.delete(token);
    const claims = await verifyAccessToken(this.secret, token);
    const expiresAt = expiryOf(token);
    if (expiresAt !== null) {
      if (this.tokens.size >= MAX_TOKENS) this.tokens.clear();
      this.tokens.set(token, { claims, until: Math.min(expiresAt, this.now() + REMEMBER_MS) });
    }
    return claims;
  }
}

/** The `exp` of a token already verified, in ms; null when it has none. */
function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}
