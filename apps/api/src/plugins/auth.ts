import type { Database } from '@guichet/db/client';
import { staff } from '@guichet/db/schema/identity';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { verifyAccessToken } from '../modules/auth/tokens';

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
 */
export function authenticate(db: Database, secret: Uint8Array): PreHandler {
  return async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('unauthenticated', 'Sign in to continue.');
    const staffId = await verifyAccessToken(secret, match[1]);
    const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId)).limit(1);
    if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
    request.staffId = staffId;
  };
}

export function requireStaffId(request: FastifyRequest): string {
  if (!request.staffId) throw new AppError('unauthenticated', 'Sign in to continue.');
  return request.staffId;
}
