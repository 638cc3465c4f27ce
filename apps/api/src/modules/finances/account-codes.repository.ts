import type { Queryable } from '@guichet/db/client';
import { financePeriodClosings, journalAccountCodes } from '@guichet/db/schema/payouts';
import { asc, eq, sql } from 'drizzle-orm';

/** Every version of the organisation's journal codes, oldest first. */
export async function codeVersions(db: Queryable, organizationId: string) {
  return db
    .select()
    .from(journalAccountCodes)
    .where(eq(journalAccountCodes.organizationId, organizationId))
    .orderBy(asc(journalAccountCodes.effectiveFrom));
}

/** The closing boundary, read FOR SHARE: a closing being committed is waited for and then seen. */
export async function closingBoundary(db: Queryable, organizationId: string): Promise<Date | null> {
  const [row] = await db
    .select({ closedBefore: financePeriodClosings.closedBefore })
    .from(financePeriodClosings)
    .where(eq(financePeriodClosings.organizationId, organizationId))
    .for('share');
  return row?.closedBefore ?? null;
}

/** Saves the version that starts at `effectiveFrom` (a second save in the same open period replaces it). */
export async function saveVersion(
  db: Queryable,
  version: { organizationId: string; effectiveFrom: Date; codes: Record<string, string>; updatedBy: string },
) {
  const [row] = await db
    .insert(journalAccountCodes)
    .values(version)
    .onConflictDoUpdate({
      target: [journalAccountCodes.organizationId, journalAccountCodes.effectiveFrom],
      set: { codes: version.codes, updatedBy: version.updatedBy, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}
