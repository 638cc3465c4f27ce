import type { Database } from '@guichet/db/client';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { verifyAccessToken } from '../tokens';
import { accountExists } from './access.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access guard: the staff member the bearer token belongs to. */
    staffId: string | null;
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
 * Signed in: a valid, unexpired access token whose staff member still exists (a deleted account's tokens
 * stop working at once).
 *
 * `rememberAccountMs` is for routes that expose no organisation data and are called key by key (place
 * search): the token is still verified on every request, but that the account exists is remembered per
 * staff member for that long, sparing a query per keystroke. A deleted account keeps such routes that long.
 */
export function signedIn(db: Database, secret: Uint8Array, rememberAccountMs = 0): Guard {
  const checkedUntil = new Map<string, number>();
  return async (request) => {
    const staffId = await verifyAccessToken(secret, bearerToken(request));
    if ((checkedUntil.get(staffId) ?? 0) <= Date.now()) {
      if (!(await accountExists(db, staffId))) throw unauthenticated();
      if (rememberAccountMs > 0) {
        if (checkedUntil.size >= 10_000) checkedUntil.clear();
        checkedUntil.set(staffId, Date.now() + rememberAccountMs);
      }
    }
    request.staffId = staffId;
  };
}

export function requireStaffId(request: FastifyRequest): string {
  if (!request.staffId) throw unauthenticated();
  return request.staffId;
}

/**
 * Remembered verifications of access tokens, for the redeem route, the busiest of all (every scan at
 * every door). Verifying the token's signature was a sixth of the route's CPU, and a phone sends the same
 * token for every scan until it expires, so a verified token is remembered (at most a minute, never past
 * its expiry). Only the signature check is saved: the account and its membership are still read with
 * every scan, so a deleted account or a removed permission stops scanning at once.
 */
const REMEMBER_MS = 60_000;
const MAX_TOKENS = 10_000;

export class VerifiedTokens {
  private readonly tokens = new Map<string, { staffId: string; until: number }>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  async staffIdOf(token: string): Promise<string> {
    const known = this.tokens.get(token);
    if (known && known.until > this.now()) return known.staffId;
    if (known) this.tokens.delete(token);
    const staffId = await verifyAccessToken(this.secret, token);
    const expiresAt = expiryOf(token);
    if (expiresAt !== null) {
      if (this.tokens.size >= MAX_TOKENS) this.tokens.clear();
      this.tokens.set(token, { staffId, until: Math.min(expiresAt, this.now() + REMEMBER_MS) });
    }
    return staffId;
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
