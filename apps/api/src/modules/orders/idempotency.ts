import { createHash } from 'node:crypto';
import type { Queryable } from '@guichet/db/client';
import { AppError } from '../../errors';
import { deleteStaleClaim, insertAnswer, type PriorKey } from './checkout.repository';

/**
 * Idempotent order creation (the Stripe model). The checkout's read (`readPublishedEvent`) brings what is
 * stored for the key: an answer is replayed (another body: 422). Otherwise the order's first statement
 * takes a transaction-scoped advisory lock named after the key, and stores the key with its answer in
 * the order's own transaction: a duplicate that finds the lock taken is still in flight (409, the client
 * retries); one that comes after the commit finds the answer. Nothing is written for the key before the
 * order, so a failure on our side leaves it free, and a dead process's lock goes with its connection.
 * A refusal (4xx) is stored too, so a retry gets the same answer.
 */

/** The key as stored (hashed with its scope) and the request it came with. */
export interface KeyHashes {
  keyHash: string;
  requestHash: string;
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

/** The advisory lock of an organisation's key: 64 bits of its hash, as PostgreSQL's signed bigint. */
export function keyLock(organizationId: string, keyHash: string): string {
  return createHash('sha256').update(`${organizationId}\n${keyHash}`).digest().readBigInt64BE(0).toString();
}

/**
 * The answer stored for the key, to replay; undefined when the request may go on. Another body: 422;
 * an earlier version's claim still running: 409 (an abandoned one, older than `STALE_SECONDS`, is removed).
 */
export async function storedAnswer(
  db: Queryable,
  organizationId: string,
  hashes: KeyHashes,
  prior: PriorKey | null,
): Promise<{ status: number; body: unknown } | undefined> {
  if (!prior) return undefined;
  if (prior.requestHash !== hashes.requestHash) {
    throw new AppError(
      'idempotency-key-reused',
      'This Idempotency-Key was already used with another request.',
    );
  }
  if (prior.status === 'done') return { status: prior.responseStatus ?? 200, body: prior.responseBody };
  if (!prior.stale) throw inProgress();
  await deleteStaleClaim(db, organizationId, hashes.keyHash);
  return undefined;
}

/**
 * Stores a refusal's answer (a success's is stored by the order's first statement: `newOrderStatement`).
 * An answer stored meanwhile by a duplicate stays: the first one is the key's.
 */
export async function storeRefusal(
  db: Queryable,
  organizationId: string,
  hashes: KeyHashes,
  response: { status: number; body: unknown },
): Promise<void> {
  await insertAnswer(db, organizationId, hashes, response);
}

export const inProgress = () =>
  new AppError('request-in-progress', 'A request with this Idempotency-Key is still being processed.', {
    headers: { 'retry-after': '1' },
  });
