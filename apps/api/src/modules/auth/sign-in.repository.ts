import type { Queryable } from '@guichet/db/client';
import { refreshTokens, staff } from '@guichet/db/schema/identity';
import { recoveryCodes, signInTokens, staffIdentities, twoFactor } from '@guichet/db/schema/sign-in';
import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { decodeCursor, isInstant } from '../../cursor';

export type SignInTokenKind = 'email-link' | 'oidc-state' | 'mfa-challenge';

export async function insertSignInToken(
  db: Queryable,
  values: {
    kind: SignInTokenKind;
    tokenHash: string;
    expiresAt: Date;
    email?: string | null;
    staffId?: string | null;
    data?: string | null;
  },
): Promise<void> {
  await db.insert(signInTokens).values(values);
}

export async function findSignInToken(db: Queryable, kind: SignInTokenKind, tokenHash: string) {
  const [row] = await db
    .select()
    .from(signInTokens)
    .where(and(eq(signInTokens.kind, kind), eq(signInTokens.tokenHash, tokenHash)))
    .limit(1);
  return row;
}

/** Uses a token at most once: the guarded UPDATE lets only one caller claim it, and only before expiry. */
export async function consumeSignInToken(db: Queryable, kind: SignInTokenKind, tokenHash: string) {
  const [row] = await db
    .update(signInTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(signInTokens.kind, kind),
        eq(signInTokens.tokenHash, tokenHash),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Clears out tokens that ended more than a day ago, so the table stays small. */
export async function deleteStaleSignInTokens(db: Queryable): Promise<void> {
  await db.delete(signInTokens).where(lt(signInTokens.expiresAt, sql`now() - interval '1 day'`));
}

// --- Two-factor ------------------------------------------------------------------------------------------

export async function findTwoFactor(db: Queryable, staffId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.staffId, staffId)).limit(1);
  return row;
}

export async function isTwoFactorEnabled(db: Queryable, staffId: string): Promise<boolean> {
  const [row] = await db
    .select({ staffId: twoFactor.staffId })
    .from(twoFactor)
    .where(and(eq(twoFactor.staffId, staffId), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  return row !== undefined;
}

/** A new secret waiting for its first code; refused (false) when two-factor is already on. */
export async function savePendingSecret(db: Queryable, staffId: string, secretEncrypted: string) {
  const rows = await db
    .insert(twoFactor)
    .values({ staffId, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactor.staffId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ staffId: twoFactor.staffId });
  return rows.length === 1;
}

/**
 * Accepts a TOTP time step once: the UPDATE only passes when the step is newer than the last accepted one,
 * so a replayed code (same or older step) fails even when two requests race.
 */
export async function claimStep(
  db: Queryable,
  staffId: string,
  step: number,
  options: { enabling: boolean },
): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set(options.enabling ? { lastUsedStep: step, enabledAt: sql`now()` } : { lastUsedStep: step })
    .where(
      and(
        eq(twoFactor.staffId, staffId),
        options.enabling ? isNull(twoFactor.enabledAt) : isNotNull(twoFactor.enabledAt),
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ staffId: twoFactor.staffId });
  return rows.length === 1;
}

export async function deleteTwoFactor(db: Queryable, staffId: string): Promise<void> {
  await db.delete(twoFactor).where(eq(twoFactor.staffId, staffId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.staffId, staffId));
}

export async function replaceRecoveryCodes(db: Queryable, staffId: string, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.staffId, staffId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ staffId, codeHash })));
}

export async function consumeRecoveryCode(db: Queryable, staffId: string, codeHash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.staffId, staffId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(db: Queryable, staffId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.staffId, staffId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

// --- Linked identities -----------------------------------------------------------------------------------

export async function findIdentity(db: Queryable, provider: string, subject: string) {
  const [row] = await db
    .select()
    .from(staffIdentities)
    .where(and(eq(staffIdentities.provider, provider), eq(staffIdentities.subject, subject)))
    .limit(1);
  return row;
}

export async function insertIdentity(
  db: Queryable,
  values: { staffId: string; provider: string; subject: string; email: string },
): Promise<void> {
  await db
    .insert(staffIdentities)
    .values({ ...values, lastUsedAt: sql`now()` })
    .onConflictDoNothing();
}

export async function touchIdentity(db: Queryable, id: string, email: string): Promise<void> {
  await db.update(staffIdentities).set({ lastUsedAt: sql`now()`, email }).where(eq(staffIdentities.id, id));
}

export async function listIdentities(db: Queryable, staffId: string) {
  return db
    .select()
    .from(staffIdentities)
    .where(eq(staffIdentities.staffId, staffId))
    .orderBy(staffIdentities.createdAt);
}

export async function deleteIdentity(db: Queryable, staffId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(staffIdentities)
    .where(and(eq(staffIdentities.id, id), eq(staffIdentities.staffId, staffId)))
    .returning({ id: staffIdentities.id });
  return rows.length === 1;
}

/** Staff created by a third-party sign-in, without a password. */
export async function insertStaffWithoutPassword(
  db: Queryable,
  values: { email: string; displayName: string; locale: string; passwordHash: string },
) {
  const [row] = await db
    .insert(staff)
    .values(values)
    .onConflictDoNothing({ target: staff.email })
    .returning();
  return row;
}

// --- Sessions (refresh-token families) -------------------------------------------------------------------

/**
 * A page of the live families of a staff member: started when, last refreshed when, from which browser;
 * the most recently used first. The last use is kept to the millisecond so that the cursor (which carries
 * it as an ISO string) names it exactly.
 */
export async function listSessions(db: Queryable, staffId: string, page: { limit: number; cursor?: string }) {
  const decoded = page.cursor ? decodeCursor(page.cursor) : null;
  const after = decoded && isInstant(decoded[0]) ? decoded : null;
  const result = (await db.execute(sql`
    select * from (
      select family_id,
             min(created_at) as created_at,
             date_trunc('milliseconds', max(created_at)) as last_used_at,
             (array_agg(user_agent order by created_at desc))[1] as user_agent
        from ${refreshTokens}
       where staff_id = ${staffId}
         and family_id in (select family_id from ${refreshTokens}
                            where staff_id = ${staffId} and revoked_at is null and rotated_at is null
                              and expires_at > now())
       group by family_id) as families
     where ${after ? sql`(last_used_at, family_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql`true`}
     order by last_used_at desc, family_id desc
     limit ${page.limit + 1}`)) as unknown as {
    rows: {
      family_id: string;
      created_at: string | Date;
      last_used_at: string | Date;
      user_agent: string | null;
    }[];
  };
  return result.rows.map((row) => ({
    familyId: row.family_id,
    createdAt: new Date(row.created_at),
    lastUsedAt: new Date(row.last_used_at),
    userAgent: row.user_agent,
  }));
}

export async function revokeStaffFamily(db: Queryable, staffId: string, familyId: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.staffId, staffId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function familyOfToken(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .orderBy(desc(refreshTokens.createdAt))
    .limit(1);
  return row?.familyId;
}
