import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { failedPasswordRules, type PasswordPolicy } from '@guichet/shared/password-policy';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../errors';

/** OWASP's argon2id parameters: 19 MiB, two passes, one lane. Hashing runs on libuv's thread pool. */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core but one runs at a time, so that a burst of sign-ins can never take every core
 * from the event loop: cheap requests keep their latency while sign-in is saturated.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  // A waiter is handed the finishing caller's slot directly, so `running` never exceeds the maximum.
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await withHashSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a hash of a random secret, so an unknown e-mail costs the same time as a wrong
 * password and timing does not reveal which accounts exist.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

export function assertPasswordMeetsPolicy(policy: PasswordPolicy, password: string): void {
  const failedRules = failedPasswordRules(policy, password);
  if (failedRules.length > 0) {
    throw new AppError(
      'password-does-not-meet-requirements',
      'The password does not meet the requirements.',
      {
        details: { failedRules, policy },
      },
    );
  }
}
