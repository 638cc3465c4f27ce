import { createHash } from 'node:crypto';
import { idempotencyKeys } from '@guichet/db/schema/orders';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import type { Queryable } from '../mail/mail.repository';

/**
 * Idempotent order creation (the Stripe model): the first request with a key claims it in a committed
 * row (the checkout's first statement, `readPublishedEvent`), does its work, and stores its answer in the
 * same transaction as the order; a retry with the same key and body gets that answer again, with another
 * body a 422, and while the first is still running a 409 (the client retries later). A claim left behind
 * by a crashed process is taken over after a while.
 */

/** A claim older than this is taken to be abandoned (no order transaction runs that long). */
export const STALE_SECONDS = 60;

export type Claim = { kind: 'claimed'; keyHash: string } | { kind: 'replay'; status: number; body: unknown };

/** The key as stored (hashed with its scope) and the request it came with. */
export interface KeyHashes {
  keyHash: string;
  requestHash: string;
}

/** What the claiming statement found of a key it could not claim (null: nothing it could see). */
export interface PriorKey {
  requestHash: string;
  status: 'in_flight' | 'done';
  responseStatus: number | null;
  responseBody: unknown;
  /** In flight for longer than `STALE_SECONDS`. */
  stale: boolean;
}

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

export function keyHashes(scope: string, key: string, request: unknown): KeyHashes {
  return { keyHash: sha256(`${scope}\n${key}`), requestHash: sha256(canonicalJson(request)) };
}

/**
 * What a claim attempt comes to: claimed, a replay of the stored answer, or a refusal (another body: 422;
 * still running, or gone meanwhile after a failure on our side: 409, the client retries).
 */
export async function settleClaim(
  db: Queryable,
  organizationId: string,
  hashes: KeyHashes,
  claimed: boolean,
  prior: PriorKey | null,
): Promise<Claim> {
  const { keyHash } = hashes;
  if (claimed) return { kind: 'claimed', keyHash };
  if (!prior) throw inProgress();
  if (prior.requestHash !== hashes.requestHash) {
    throw new AppError(
      'idempotency-key-reused',
      'This Idempotency-Key was already used with another request.',
    );
  }
  if (prior.status === 'done')
    return { kind: 'replay', status: prior.responseStatus ?? 200, body: prior.responseBody };
  if (!prior.stale) throw inProgress();
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

/** Stores a final refusal's answer (a success's is stored by the order's first statement: order-writes.ts). */
export async function completeKey(
  db: Queryable,
  organizationId: string,
  keyHash: string,
  response: { status: number; body: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      status: 'done',
      responseStatus: response.status,
      responseBody: response.body,
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
