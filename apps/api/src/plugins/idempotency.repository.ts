import type { Database, Queryable } from '@guichet/db/client';
import { idempotentAnswers } from '@guichet/db/schema/integrations';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';

/** The statements of the generic `Idempotency-Key` (./idempotency.ts). */

export interface IdempotencyClaim {
  /** Null for a request outside any organisation (an organisation's creation). */
  organizationId: string | null;
  caller: string;
  route: string;
  key: string;
}

export interface StoredAnswer {
  /** Null while a streamed body is still being read. */
  fingerprint: string | null;
  responseStatus: number | null;
  responseBody: string | null;
  responseContentType: string | null;
}

const whereClaim = (claim: IdempotencyClaim) =>
  and(
    claim.organizationId === null
      ? isNull(idempotentAnswers.organizationId)
      : eq(idempotentAnswers.organizationId, claim.organizationId),
    eq(idempotentAnswers.caller, claim.caller),
    eq(idempotentAnswers.route, claim.route),
    eq(idempotentAnswers.key, claim.key),
  );

/**
 * Claims the key for this request: answers true when this request is the first to use it. The unique
 * index decides between two requests sent at once: the second waits for the first's insert to commit
 * (a single statement, so at once) and then finds the row.
 */
export async function claimIdempotencyKey(
  db: Database,
  claim: IdempotencyClaim,
  fingerprint: string | null,
): Promise<boolean> {
  const { organizationId, caller, route, key } = claim;
  const inserted = await db
    .insert(idempotentAnswers)
    .values({ organizationId, caller, route, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotentAnswers.key });
  return inserted.length === 1;
}

export async function readIdempotencyKey(
  db: Database,
  claim: IdempotencyClaim,
): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select({
      fingerprint: idempotentAnswers.fingerprint,
      responseStatus: idempotentAnswers.responseStatus,
      responseBody: idempotentAnswers.responseBody,
      responseContentType: idempotentAnswers.responseContentType,
    })
    .from(idempotentAnswers)
    .where(whereClaim(claim));
  return row;
}

export async function storeIdempotentAnswer(
  db: Database,
  claim: IdempotencyClaim,
  answer: { status: number; body: string; contentType: string | null; fingerprint?: string },
): Promise<void> {
  await db
    .update(idempotentAnswers)
    .set({
      responseStatus: answer.status,
      responseBody: answer.body,
      responseContentType: answer.contentType,
      ...(answer.fingerprint ? { fingerprint: answer.fingerprint } : {}),
    })
    .where(whereClaim(claim));
}

/** Gives the key back (an answer not worth keeping: a server error, a conflict, a dropped request). */
export async function releaseIdempotencyKey(db: Database, claim: IdempotencyClaim): Promise<void> {
  await db.delete(idempotentAnswers).where(whereClaim(claim));
}

/** Deletes up to `batch` stored answers older than `before`; answers how many went. */
export async function deleteIdempotencyKeysBefore(
  db: Database,
  before: Date,
  batch: number,
): Promise<number> {
  const old = db
    .select({ key: sql`ctid` })
    .from(idempotentAnswers)
    .where(lt(idempotentAnswers.createdAt, before))
    .limit(batch);
  const deleted = await db
    .delete(idempotentAnswers)
    .where(inArray(sql`ctid`, old))
    .returning({ key: idempotentAnswers.key });
  return deleted.length;
}

/** A deleted account's answers outside any organisation (its organisations' creations) go with it. */
export async function forgetAnswersOutsideOrganizations(db: Queryable, caller: string): Promise<void> {
  await db
    .delete(idempotentAnswers)
    .where(and(isNull(idempotentAnswers.organizationId), eq(idempotentAnswers.caller, caller)));
}
