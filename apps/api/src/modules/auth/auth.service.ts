import type { Queryable } from '@guichet/db/client';
import { DEFAULT_LOCALE, type Locale } from '@guichet/shared/i18n';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { forgetAnswersOutsideOrganizations } from '../../plugins/idempotency.repository';
import { newResetCode, sha256 } from '../../tokens';
import { enqueueMail } from '../mail/mail.repository';
import { passwordResetMail } from '../mail/templates';
import { releaseMemberships } from '../organizations/organizations.service';
import { assertRegistrationAllowed } from '../settings/settings.service';
import * as repository from './auth.repository';
import { assertPasswordMeetsPolicy, hashPassword, verifyDummyPassword, verifyPassword } from './passwords';
import { finishSignIn } from './second-factor';
import { type ClientMeta, type IssuedSession, issueSession, toLocale } from './sessions';

export async function signUp(
  ctx: AppContext,
  input: { email: string; password: string; displayName: string; locale?: Locale | undefined },
  meta: ClientMeta,
): Promise<IssuedSession> {
  await ctx.limiters.authPerIp.hit(`sign-up:${meta.ip}`);
  await ctx.limiters.authPerAccount.hit(`sign-up:${input.email}`);
  await assertRegistrationAllowed(ctx, input.email);
  assertPasswordMeetsPolicy(ctx.config.passwordPolicy, input.password);
  const row = await createAccount(ctx.db, { ...input, locale: input.locale ?? DEFAULT_LOCALE });
  if (!row) throw new AppError('email-already-in-use', 'An account already uses this e-mail address.');
  return issueSession(ctx, row, meta);
}

/**
 * Creates an account with a password, and nothing else (no session, no policy check: sign-up does those,
 * the demo needs neither). Undefined when the e-mail is taken.
 */
export async function createAccount(
  db: Queryable,
  input: { email: string; password: string; displayName: string; locale: Locale },
): Promise<repository.StaffRow | undefined> {
  return repository.insertStaff(db, {
    email: input.email,
    displayName: input.displayName,
    locale: input.locale,
    passwordHash: await hashPassword(input.password),
  });
}

export async function accountExists(db: Queryable, email: string): Promise<boolean> {
  return Boolean(await repository.findStaffByEmail(db, email));
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: ClientMeta,
): Promise<IssuedSession> {
  await ctx.limiters.authPerIp.hit(`sign-in:${meta.ip}`);
  await ctx.limiters.authPerAccount.hit(`sign-in:${input.email}`);
  const row = await repository.findStaffByEmail(ctx.db, input.email);
  const valid = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyDummyPassword(input.password);
  if (!row || !valid) throw new AppError('invalid-credential', 'The e-mail or password is incorrect.');
  await ctx.limiters.authPerAccount.reset(`sign-in:${input.email}`);
  return finishSignIn(ctx, row, meta);
}

const invalidRefresh = () => new AppError('unauthenticated', 'Your session has ended. Sign in again.');

/**
 * Rotates a refresh token. A token presented after it was rotated or revoked means it leaked (or was
 * replayed): the whole family is revoked, which signs out whoever holds the newer token too.
 */
export async function refresh(
  ctx: AppContext,
  token: string | undefined,
  meta: ClientMeta,
): Promise<IssuedSession> {
  if (!token) throw invalidRefresh();
  const row = await repository.findRefreshToken(ctx.db, sha256(token));
  if (!row) throw invalidRefresh();
  if (row.rotatedAt || row.revokedAt) {
    await repository.revokeFamily(ctx.db, row.familyId);
    throw invalidRefresh();
  }
  if (row.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
  // Rotation and the new token commit together: a concurrent refresh that loses the guarded UPDATE waits
  // for this commit, so its family revocation also reaches the token issued here.
  const issued = await ctx.db.transaction(async (tx) => {
    if (!(await repository.rotateRefreshToken(tx, row.id))) return undefined;
    const staffRow = await repository.findStaffById(tx, row.staffId);
    return staffRow ? issueSession(ctx, staffRow, meta, { familyId: row.familyId, db: tx }) : undefined;
  });
  if (!issued) {
    await repository.revokeFamily(ctx.db, row.familyId);
    throw invalidRefresh();
  }
  return issued;
}

export async function signOut(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) return;
  const row = await repository.findRefreshToken(ctx.db, sha256(token));
  if (row) await repository.revokeFamily(ctx.db, row.familyId);
}

/** Always succeeds from the caller's point of view, so it cannot be used to probe for accounts. */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: ClientMeta): Promise<void> {
  await ctx.limiters.authPerIp.hit(`reset:${meta.ip}`);
  await ctx.limiters.authPerAccount.hit(`reset:${email}`);
  const row = await repository.findStaffByEmail(ctx.db, email);
  if (!row) return;
  const { code, hash } = newResetCode();
  const ttlMinutes = ctx.config.resetCodeTtlMinutes;
  await ctx.db.transaction(async (tx) => {
    await repository.insertResetCode(tx, {
      staffId: row.id,
      codeHash: hash,
      expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
    });
    await enqueueMail(
      tx,
      passwordResetMail({
        locale: toLocale(row.locale),
        to: row.email,
        displayName: row.displayName,
        code,
        link: `${ctx.config.publicUrl}/reset-password?code=${code}`,
        ttlMinutes,
      }),
    );
  });
  ctx.kickOutbox();
}

export async function confirmPasswordReset(
  ctx: AppContext,
  input: { code: string; newPassword: string },
  meta: ClientMeta,
): Promise<void> {
  await ctx.limiters.authPerIp.hit(`reset-confirm:${meta.ip}`);
  assertPasswordMeetsPolicy(ctx.config.passwordPolicy, input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const codeHash = sha256(input.code);
  await ctx.db.transaction(async (tx) => {
    const staffId = await repository.consumeResetCode(tx, codeHash);
    if (!staffId) {
      if (await repository.resetCodeExists(tx, codeHash)) {
        throw new AppError('expired-code', 'This code has expired or was already used. Ask for a new one.');
      }
      throw new AppError('invalid-code', 'This code is not valid.');
    }
    await repository.setPassword(tx, staffId, passwordHash);
    await repository.voidResetCodes(tx, staffId);
    await repository.endAllSessions(tx, staffId);
  });
}

/**
 * Changes the password and signs out every other device; the caller gets a fresh refresh token so the
 * device that made the change stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  staffId: string,
  input: { currentPassword: string; newPassword: string },
  meta: ClientMeta,
): Promise<IssuedSession> {
  await ctx.limiters.authPerAccount.hit(`password:${staffId}`);
  const row = await repository.findStaffById(ctx.db, staffId);
  if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError('invalid-password', 'The current password is incorrect.');
  }
  assertPasswordMeetsPolicy(ctx.config.passwordPolicy, input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const sessionGeneration = await ctx.db.transaction(async (tx) => {
    await repository.setPassword(tx, staffId, passwordHash);
    return repository.endAllSessions(tx, staffId);
  });
  return issueSession(ctx, { ...row, sessionGeneration }, meta);
}

export async function deleteAccount(ctx: AppContext, staffId: string, password: string): Promise<void> {
  await ctx.limiters.authPerAccount.hit(`password:${staffId}`);
  const row = await repository.findStaffById(ctx.db, staffId);
  if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('invalid-password', 'The password is incorrect.');
  }
  await ctx.db.transaction(async (tx) => {
    await releaseMemberships(tx, staffId);
    await forgetAnswersOutsideOrganizations(tx, `staff:${staffId}`);
    await repository.deleteStaff(tx, staffId);
  });
}
