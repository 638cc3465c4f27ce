import { createHash } from 'node:crypto';
import { idempotencyKeys } from '@guichet/db/schema/orders';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import type { Queryable } from '../mail/mail.repository';

/**
 * Idempotent order creation (the Stripe model): the first request with a key claims it in a committed
 * row, does its work, and stores its answer in the same transaction as the order; a retry with the same
 * key and body gets that answer again, with another body a 422, and while the first is still running a
 * 409 (the client retries later). A claim left behind by a crashed process is taken over after a while.
 */

/** A claim older than this is taken to be abandoned (no order transaction runs that long). */
const STALE_SECONDS = 60;

export type Claim = { kind: 'claimed'; keyHash: string } | { kind: 'replay'; status: number; body: unknown };

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** JSON with object keys sorted, so the same body always hashes the same way. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export async function claimKey(
  db: Queryable,
  organizationId: string,
  scope: string,
  key: string,
  request: unknown,
): Promise<Claim> {
  const keyHash = sha256(`${scope}\n${key}`);
  const requestHash = sha256(canonicalJson(request));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ organizationId, keyHash, requestHash, status: 'in_flight' })
    .onConflictDoNothing()
    .returning({ keyHash: idempotencyKeys.keyHash });
  if (inserted.length > 0) return { kind: 'claimed', keyHash };

  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.organizationId, organizationId), eq(idempotencyKeys.keyHash, keyHash)));
  // Deleted in between (the first request failed on our side): the client may simply retry.
  if (!row) throw inProgress();
  if (row.requestHash !== requestHash) {
    throw new AppError(
      'idempotency-key-reused',
      'This Idempotency-Key was already used with another request.',
    );
  }
  if (row.status === 'done')
    return { kind: 'replay', status: row.responseStatus ?? 200, body: row.responseBody };
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.organizationId, organizationId),
        eq(idempotencyKeys.keyHash, keyHash),
        eq(idempotencyKeys.status, 'in_flight'),
        sql`${idempotencyKeys.updatedAt} < now() - make_interval(secs => ${STALE_SECONDS})`,
      ),
    )
    .returning({ keyHash: idempotencyKeys.keyHash });
  if (takenOver.length > 0) return { kind: 'claimed', keyHash };
  throw inProgress();
}

/** Stores the answer; inside the order's transaction for a success, on its own for a final refusal. */
export async function completeKey(
  db: Queryable,
  organizationId: string,
  keyHash: string,
  response: { status: number; body: unknown; orderId?: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      status: 'done',
      responseStatus: response.status,
      responseBody: response.body,
      orderId: response.orderId ?? null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(idempotencyKeys.organizationId, organizationId), eq(idempotencyKeys.keyHash, keyHash)));
}

/** Frees the key after a failure on our side, so a retry with it can succeed. */
export async function abandonKey(db: Queryable, organizationId: string, keyHash: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.organizationId, organizationId),
        eq(idempotencyKeys.keyHash, keyHash),
        eq(idempotencyKeys.status, 'in_flight'),
      ),
    );
}

const inProgress = () =>
  new AppError('request-in-progress', 'A request with this Idempotency-Key is still being processed.', {
    headers: { 'retry-after': '1' },
  });
