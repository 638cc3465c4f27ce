import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors';

const ISSUER = 'guichet';
const AUDIENCE = 'guichet-api';

/**
 * jose imports a raw secret through WebCrypto on every call, which costs about a millisecond of the
 * event loop per request; a KeyObject made once per secret avoids it.
 */
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

/**
 * What an access token says: whose it is, and the staff member's session generation when it was issued.
 * Ending every session (a password change or reset, "sign out everywhere") moves the account to the next
 * generation, so tokens of an earlier one are refused by the per-request account read.
 */
export interface AccessClaims {
  staffId: string;
  sessionGeneration: number;
}

export async function signAccessToken(
  secret: Uint8Array,
  staffId: string,
  ttlSeconds: number,
  sessionGeneration = 0,
): Promise<string> {
  return new SignJWT({ gen: sessionGeneration })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(staffId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyOf(secret));
}

/** Returns whom the token was issued to and in which session generation, or throws 401. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (typeof payload.sub !== 'string') throw new AppError('unauthenticated', 'Invalid access token.');
    const generation = payload.gen ?? 0;
    if (typeof generation !== 'number' || !Number.isSafeInteger(generation) || generation < 0) {
      throw new AppError('unauthenticated', 'Invalid access token.');
    }
    return { staffId: payload.sub, sessionGeneration: generation };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired)
      throw new AppError('token-expired', 'The access token has expired.');
    throw new AppError('unauthenticated', 'Invalid access token.');
  }
}

/** An opaque random secret and the SHA-256 hash kept at rest (a 256-bit secret needs no slow hash). */
export function newOpaqueToken(bytes = 32): { token: string; hash: string } {
  const token = randomBytes(bytes).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Crockford base32 without look-alikes: easy to read from an e-mail and type on a phone. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A 10-character code (50 bits) for password resets; typed by people, so rate limits guard it too. */
export function newResetCode(): { code: string; hash: string } {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return { code, hash: sha256(code) };
}
