import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import type { AuthSession, PublicUser } from '@guichet/shared/auth';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@guichet/shared/i18n';
import type { AppContext } from '../../context';
import { newOpaqueToken, signAccessToken } from '../../tokens';
import * as repository from './auth.repository';

/** What a successful sign-in, sign-up or refresh gives: the JSON body and the new refresh token. */
export interface IssuedSession {
  session: AuthSession;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export function toLocale(value: string): Locale {
  return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : DEFAULT_LOCALE;
}

export function toPublicUser(row: repository.StaffRow): PublicUser {
  return { id: row.id, email: row.email, displayName: row.displayName, locale: toLocale(row.locale) };
}

export async function issueSession(
  ctx: AppContext,
  row: repository.StaffRow,
  meta: ClientMeta,
  options: { familyId?: string; db?: Queryable; signedIn?: boolean } = {},
): Promise<IssuedSession> {
  const { familyId = uuidv7(), db = ctx.db, signedIn = false } = options;
  const { token, hash } = newOpaqueToken();
  const refreshExpiresAt = new Date(Date.now() + ctx.config.refreshTokenTtlDays * 86_400_000);
  await repository.insertRefreshToken(
    db,
    {
      staffId: row.id,
      familyId,
      tokenHash: hash,
      expiresAt: refreshExpiresAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    },
    signedIn,
  );
  const accessToken = await signAccessToken(
    ctx.config.jwtSecret,
    row.id,
    ctx.config.accessTokenTtlSeconds,
    row.sessionGeneration,
  );
  return {
    session: { accessToken, expiresIn: ctx.config.accessTokenTtlSeconds, user: toPublicUser(row) },
    refreshToken: token,
    refreshExpiresAt,
  };
}
