import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import { passwordResetCodes, refreshTokens, staff } from '@guichet/db/schema/identity';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

export type StaffRow = typeof staff.$inferSelect;

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  return row;
}

export async function findStaffById(db: Queryable, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/** Inserts a staff member; returns undefined when the e-mail is taken (the unique index decides). */
export async function insertStaff(
  db: Queryable,
  values: { email: string; displayName: string; locale: string; passwordHash: string },
): Promise<StaffRow | undefined> {
  const [row] = await db
    .insert(staff)
    .values(values)
    .onConflictDoNothing({ target: staff.email })
    .returning();
  return row;
}

export async function setPassword(db: Queryable, staffId: string, passwordHash: string): Promise<void> {
  await db
    .update(staff)
    .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(staff.id, staffId));
}

/**
 * Stores a new refresh token; on a sign-in (`signedIn`) the staff member's last sign-in time is set in the
 * same statement, saving the embedded database a second write per sign-in.
 */
export async function insertRefreshToken(
  db: Queryable,
  values: { staffId: string; familyId: string; tokenHash: string; expiresAt: Date; userAgent: string | null },
  signedIn = false,
): Promise<void> {
  if (!signedIn) {
    await db.insert(refreshTokens).values(values);
    return;
  }
  await db.execute(sql`
    with touched as (update ${staff} set last_sign_in_at = now() where id = ${values.staffId})
    insert into ${refreshTokens} (id, staff_id, family_id, token_hash, expires_at, user_agent)
    values (${uuidv7()}, ${values.staffId}, ${values.familyId}, ${values.tokenHash}, ${values.expiresAt.toISOString()}, ${values.userAgent})`);
}

export async function findRefreshToken(db: Queryable, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Marks a token rotated only if it is still live; exactly one of two concurrent refreshes with the same
 * token wins, the other is treated as reuse.
 */
export async function rotateRefreshToken(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every session of a staff member: revokes every refresh-token family and moves the account to its
 * next session generation, so access tokens already issued are refused at their next request. Answers the
 * new generation (for the session the caller may issue next).
 */
export async function endAllSessions(db: Queryable, staffId: string): Promise<number> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.staffId, staffId), isNull(refreshTokens.revokedAt)));
  const [row] = await db
    .update(staff)
    .set({ sessionGeneration: sql`${staff.sessionGeneration} + 1` })
    .where(eq(staff.id, staffId))
    .returning({ sessionGeneration: staff.sessionGeneration });
  return row?.sessionGeneration ?? 0;
}

export async function insertResetCode(
  db: Queryable,
  values: { staffId: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetCodes).values(values);
}

/** Uses a reset code at most once: the guarded UPDATE lets only one caller claim it. */
export async function consumeResetCode(db: Queryable, codeHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetCodes.codeHash, codeHash),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ staffId: passwordResetCodes.staffId });
  return row?.staffId;
}

export async function resetCodeExists(db: Queryable, codeHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResetCodes.id })
    .from(passwordResetCodes)
    .where(eq(passwordResetCodes.codeHash, codeHash))
    .limit(1);
  return row !== undefined;
}

/** After a reset, every other outstanding code of the account is void. */
export async function voidResetCodes(db: Queryable, staffId: string): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetCodes.staffId, staffId), isNull(passwordResetCodes.usedAt)));
}

export async function deleteStaff(db: Queryable, staffId: string): Promise<void> {
  await db.delete(staff).where(eq(staff.id, staffId));
}
