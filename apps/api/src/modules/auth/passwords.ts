import { randomBytes } from 'node:crypto';
import { failedPasswordRules, type PasswordPolicy } from '@guichet/shared/password-policy';
import { AppError } from '../../errors';
import { runHash, runVerify } from './hash-pool';

/** OWASP's argon2id parameters: 19 MiB, two passes, one lane. Hashing runs on the hash pool's threads. */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return runHash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await runVerify(passwordHash, password);
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

/**
 * The password hash of an account created by a third-party sign-in: no password matches it (argon2 cannot
 * parse it); the owner can set one through the password reset.
 */
export const NO_PASSWORD = '!none';

export function hasPassword(passwordHash: string): boolean {
  return passwordHash !== NO_PASSWORD;
}
