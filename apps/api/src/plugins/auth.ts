import type { Database } from '@guichet/db/client';
import { staff } from '@guichet/db/schema/identity';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { verifyAccessToken } from '../tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`: the staff member the bearer token belongs to. */
    staffId: string | null;
  }
}

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Bearer authentication: a valid, unexpired access token whose staff member still exists (a deleted
 * account's tokens stop working at once).
 *
 * `rememberAccountMs` is for routes that expose no organisation data and are called key by key (place
 * search): the token is still verified on every request, but that the account exists is remembered per
 * staff member for that long, sparing a query per keystroke. A deleted account keeps such routes that long.
 * `accountCheckedByTenancy` is for `organizationScope`, whose membership query checks the account too.
 */
export function authenticate(
  db: Database,
  secret: Uint8Array,
  options: { rememberAccountMs?: number; accountCheckedByTenancy?: boolean } = {},
): PreHandler {
  const { rememberAccountMs = 0, accountCheckedByTenancy = false } = options;
  const checkedUntil = new Map<string, number>();
  return async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('unauthenticated', 'Sign in to continue.');
    const staffId = await verifyAccessToken(secret, match[1]);
    if (!accountCheckedByTenancy && (checkedUntil.get(staffId) ?? 0) <= Date.now()) {
      const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId)).limit(1);
      if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
      if (rememberAccountMs > 0) {
        if (checkedUntil.size >= 10_000) checkedUntil.clear();
        checkedUntil.set(staffId, Date.now() + rememberAccountMs);
      }
    }
    request.staffId = staffId;
  };
}

export function requireStaffId(request: FastifyRequest): string {
  if (!request.staffId) throw new AppError('unauthenticated', 'Sign in to continue.');
  return request.staffId;
}
