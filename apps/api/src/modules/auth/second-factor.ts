import { randomBytes } from 'node:crypto';
import type { TwoFactorStatus } from '@guichet/shared/sign-in-options';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { newOpaqueToken, sha256 } from '../../tokens';
import * as repository from './auth.repository';
import { verifyPassword } from './passwords';
import { type ClientMeta, type IssuedSession, issueSession } from './sessions';
import * as signInRepository from './sign-in.repository';
import { matchTotp, newTotpSecret, openSecret, otpauthUri, sealSecret } from './totp';

const CHALLENGE_TTL_MS = 5 * 60_000;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Either a session, or the second step a staff member with two-factor must pass first. */
export type SignInOutcome =
  | { kind: 'session'; issued: IssuedSession }
  | { kind: 'challenge'; challenge: string };

/**
 * The end of every first sign-in step (password, e-mail link, third party): a session, unless the account
 * has two-factor on, in which case a single-use challenge (5 minutes) for `POST /auth/two-factor/verify`.
 */
export async function beginSession(
  ctx: AppContext,
  row: repository.StaffRow,
  meta: ClientMeta,
): Promise<SignInOutcome> {
  if (!(await signInRepository.isTwoFactorEnabled(ctx.db, row.id))) {
    return { kind: 'session', issued: await issueSession(ctx, row, meta, { signedIn: true }) };
  }
  const { token, hash } = newOpaqueToken();
  await signInRepository.insertSignInToken(ctx.db, {
    kind: 'mfa-challenge',
    tokenHash: hash,
    staffId: row.id,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return { kind: 'challenge', challenge: token };
}

export function mfaRequired(challenge: string): AppError {
  return new AppError('multi-factor-auth-required', 'Enter the code of your authenticator app.', {
    details: { challenge },
  });
}

/** `beginSession` for JSON endpoints: the challenge leaves as a 401 `multi-factor-auth-required`. */
export async function finishSignIn(
  ctx: AppContext,
  row: repository.StaffRow,
  meta: ClientMeta,
): Promise<IssuedSession> {
  const outcome = await beginSession(ctx, row, meta);
  if (outcome.kind === 'challenge') throw mfaRequired(outcome.challenge);
  return outcome.issued;
}

const invalidCode = () => new AppError('invalid-code', 'This code is not valid.');

/** Recovery codes are hashed with the account id, so equal codes of two accounts never collide. */
const recoveryHash = (staffId: string, code: string) => sha256(`${staffId}:${code}`);

function newRecoveryCode(): string {
  let code = '';
  for (const byte of randomBytes(10)) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Checks a TOTP code (6 digits, accepted once: its step must be newer than the last accepted one) or a
 * recovery code (each accepted once).
 */
async function checkSecondFactor(ctx: AppContext, staffId: string, code: string): Promise<boolean> {
  if (/^\d{6}$/.test(code)) {
    const row = await signInRepository.findTwoFactor(ctx.db, staffId);
    if (!row?.enabledAt) return false;
    const step = matchTotp(openSecret(ctx.config.jwtSecret, row.secretEncrypted), code, Date.now());
    if (step === null) return false;
    return signInRepository.claimStep(ctx.db, staffId, step, { enabling: false });
  }
  return signInRepository.consumeRecoveryCode(ctx.db, staffId, recoveryHash(staffId, code));
}

/** The second step of a sign-in: the challenge and a code give the session. */
export async function verifyChallenge(
  ctx: AppContext,
  input: { challenge: string; code: string },
  meta: ClientMeta,
): Promise<IssuedSession> {
  await ctx.limiters.authPerIp.hit(`two-factor:${meta.ip}`);
  const challengeHash = sha256(input.challenge);
  const challenge = await signInRepository.findSignInToken(ctx.db, 'mfa-challenge', challengeHash);
  if (!challenge?.staffId) throw new AppError('invalid-code', 'This sign-in attempt is not valid.');
  if (challenge.usedAt || challenge.expiresAt.getTime() <= Date.now()) {
    throw new AppError('expired-code', 'This sign-in attempt has expired. Sign in again.');
  }
  await ctx.limiters.authPerAccount.hit(`two-factor:${challenge.staffId}`);
  if (!(await checkSecondFactor(ctx, challenge.staffId, input.code))) throw invalidCode();
  const claimed = await signInRepository.consumeSignInToken(ctx.db, 'mfa-challenge', challengeHash);
  if (!claimed) throw new AppError('expired-code', 'This sign-in attempt has expired. Sign in again.');
  await ctx.limiters.authPerAccount.reset(`two-factor:${challenge.staffId}`);
  const row = await repository.findStaffById(ctx.db, challenge.staffId);
  if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
  return issueSession(ctx, row, meta, { signedIn: true });
}

export async function status(ctx: AppContext, staffId: string): Promise<TwoFactorStatus> {
  const row = await signInRepository.findTwoFactor(ctx.db, staffId);
  if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  return { enabled: true, recoveryCodesLeft: await signInRepository.countRecoveryCodesLeft(ctx.db, staffId) };
}

/** A new secret to scan; two-factor is only on once a code from it is entered (`enable`). */
export async function setup(ctx: AppContext, staffId: string) {
  const row = await repository.findStaffById(ctx.db, staffId);
  if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
  const secret = newTotpSecret();
  const saved = await signInRepository.savePendingSecret(
    ctx.db,
    staffId,
    sealSecret(ctx.config.jwtSecret, secret),
  );
  if (!saved) throw new AppError('argument-error', 'Two-factor sign-in is already on. Turn it off first.');
  return { secret, otpauthUri: otpauthUri(secret, row.email) };
}

/** Turns two-factor on with a first code and hands out the recovery codes, shown this once only. */
export async function enable(ctx: AppContext, staffId: string, code: string) {
  await ctx.limiters.authPerAccount.hit(`two-factor-enable:${staffId}`);
  const row = await signInRepository.findTwoFactor(ctx.db, staffId);
  if (!row || row.enabledAt) {
    throw new AppError('argument-error', 'Start the two-factor set-up again.');
  }
  const step = matchTotp(openSecret(ctx.config.jwtSecret, row.secretEncrypted), code, Date.now());
  if (step === null) throw invalidCode();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    if (!(await signInRepository.claimStep(tx, staffId, step, { enabling: true }))) throw invalidCode();
    await signInRepository.replaceRecoveryCodes(
      tx,
      staffId,
      codes.map((value) => recoveryHash(staffId, value.replace('-', ''))),
    );
  });
  await ctx.limiters.authPerAccount.reset(`two-factor-enable:${staffId}`);
  return { recoveryCodes: codes };
}

export async function disable(ctx: AppContext, staffId: string, password: string): Promise<void> {
  await ctx.limiters.authPerAccount.hit(`password:${staffId}`);
  const row = await repository.findStaffById(ctx.db, staffId);
  if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('invalid-password', 'The password is incorrect.');
  }
  await ctx.db.transaction((tx) => signInRepository.deleteTwoFactor(tx, staffId));
}
