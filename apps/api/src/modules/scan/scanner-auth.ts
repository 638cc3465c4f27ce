import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { verifyAccessToken } from '../../tokens';

/**
 * Bearer authentication for the redeem route, the busiest of all (every scan at every door). Verifying
 * the token's signature was a sixth of the route's CPU, and a phone sends the same token for every scan
 * until it expires, so a verified token is remembered (at most a minute, never past its expiry). Only
 * the signature check is saved: the account and its membership are still read with every scan, so a
 * deleted account or a removed permission stops scanning at once.
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

  preHandler() {
    return async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw new AppError('unauthenticated', 'Sign in to continue.');
      request.staffId = await this.staffIdOf(match[1]);
    };
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
