import type { Page } from '@guichet/shared/paging';
import type { LinkedIdentities, SessionItem } from '@guichet/shared/sign-in-options';
import type { AppContext } from '../../context';
import { keysetPage } from '../../cursor';
import { AppError } from '../../errors';
import { newOpaqueToken, sha256 } from '../../tokens';
import { enqueueMail } from '../mail/mail.repository';
import * as repository from './auth.repository';
import { hasPassword } from './passwords';
import { finishSignIn } from './second-factor';
import { type ClientMeta, type IssuedSession, toLocale } from './sessions';
import * as signInRepository from './sign-in.repository';
import { emailLinkMail } from './sign-in-mail';

export const EMAIL_LINK_TTL_MINUTES = 15;

/** Mails a single-use sign-in link; answers the same whether or not the account exists. */
export async function requestEmailLink(ctx: AppContext, email: string, meta: ClientMeta): Promise<void> {
  await ctx.limiters.authPerIp.hit(`email-link:${meta.ip}`);
  await ctx.limiters.authPerAccount.hit(`email-link:${email}`);
  const row = await repository.findStaffByEmail(ctx.db, email);
  if (!row) return;
  const { token, hash } = newOpaqueToken();
  await ctx.db.transaction(async (tx) => {
    await signInRepository.deleteStaleSignInTokens(tx);
    await signInRepository.insertSignInToken(tx, {
      kind: 'email-link',
      tokenHash: hash,
      email: row.email,
      staffId: row.id,
      expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MINUTES * 60_000),
    });
    await enqueueMail(
      tx,
      emailLinkMail({
        locale: toLocale(row.locale),
        to: row.email,
        displayName: row.displayName,
        link: `${ctx.config.publicUrl}/connection?link=${token}`,
        ttlMinutes: EMAIL_LINK_TTL_MINUTES,
      }),
    );
  });
  ctx.kickOutbox();
}

/**
 * Signs in with a link: the e-mail typed on the device that opened it must be the one it was sent to
 * (`user-mismatch` otherwise, and the link stays usable for its owner); used or expired: `expired-code`.
 */
export async function confirmEmailLink(
  ctx: AppContext,
  input: { token: string; email: string },
  meta: ClientMeta,
): Promise<IssuedSession> {
  await ctx.limiters.authPerIp.hit(`email-link-confirm:${meta.ip}`);
  const tokenHash = sha256(input.token);
  const link = await signInRepository.findSignInToken(ctx.db, 'email-link', tokenHash);
  if (!link?.staffId) throw new AppError('invalid-code', 'This sign-in link is not valid.');
  const expired = () =>
    new AppError('expired-code', 'This sign-in link has expired or was already used. Ask for a new one.');
  if (link.usedAt || link.expiresAt.getTime() <= Date.now()) throw expired();
  if (link.email !== input.email) {
    throw new AppError('user-mismatch', 'This link was sent to another e-mail address.');
  }
  if (!(await signInRepository.consumeSignInToken(ctx.db, 'email-link', tokenHash))) throw expired();
  const row = await repository.findStaffById(ctx.db, link.staffId);
  if (!row || row.email !== link.email) throw expired();
  return finishSignIn(ctx, row, meta);
}

export async function listSessions(
  ctx: AppContext,
  staffId: string,
  refreshToken: string | undefined,
  query: { limit: number; cursor?: string },
): Promise<Page<SessionItem>> {
  const current = await currentSessionId(ctx, refreshToken);
  const rows = await signInRepository.listSessions(ctx.db, staffId, query);
  const page = keysetPage(rows, query.limit, (row) => [row.lastUsedAt.toISOString(), row.familyId]);
  return {
    items: page.items.map((row) => ({
      id: row.familyId,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      current: row.familyId === current,
    })),
    nextCursor: page.nextCursor,
  };
}

/** The session (refresh-token family) of this browser's refresh cookie, if any. */
export async function currentSessionId(ctx: AppContext, refreshToken: string | undefined) {
  return refreshToken ? await signInRepository.familyOfToken(ctx.db, sha256(refreshToken)) : undefined;
}

export async function revokeSession(ctx: AppContext, staffId: string, familyId: string): Promise<void> {
  if (!(await signInRepository.revokeStaffFamily(ctx.db, staffId, familyId))) {
    throw new AppError('not-found', 'This session does not exist or has already ended.');
  }
}

/** Signs every device out, this one included: refresh tokens revoked, access tokens refused from now. */
export async function signOutEverywhere(ctx: AppContext, staffId: string): Promise<void> {
  await ctx.db.transaction((tx) => repository.endAllSessions(tx, staffId));
}

export async function listIdentities(ctx: AppContext, staffId: string): Promise<LinkedIdentities> {
  const row = await repository.findStaffById(ctx.db, staffId);
  if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
  const names = new Map(ctx.config.oidcProviders.map((provider) => [provider.id, provider.name]));
  const items = await signInRepository.listIdentities(ctx.db, staffId);
  return {
    hasPassword: hasPassword(row.passwordHash),
    items: items.map((item) => ({
      id: item.id,
      provider: item.provider,
      providerName: names.get(item.provider) ?? item.provider,
      email: item.email,
      createdAt: item.createdAt.toISOString(),
      lastUsedAt: item.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/** Unlinks a third-party account, unless it would leave the account without a password to sign in with. */
export async function unlinkIdentity(ctx: AppContext, staffId: string, id: string): Promise<void> {
  const row = await repository.findStaffById(ctx.db, staffId);
  if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
  if (!hasPassword(row.passwordHash)) {
    throw new AppError(
      'forbidden',
      'Set a password first (forgotten password on the sign-in page): this account has no other way in.',
    );
  }
  if (!(await signInRepository.deleteIdentity(ctx.db, staffId, id))) {
    throw new AppError('not-found', 'This linked account does not exist.');
  }
}
