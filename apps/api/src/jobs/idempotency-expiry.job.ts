import type { Database } from '@guichet/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { deleteIdempotencyKeysBefore } from '../plugins/idempotency.repository';
import { IntervalJob } from './interval-job';

/** How long a stored answer of `Idempotency-Key` is kept (decision 034): a day, as Stripe does. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

/**
 * Deletes stored `Idempotency-Key` answers older than 24 hours, on an interval, in the process that leads
 * the job (IntervalJob's advisory lock); batch by batch, each its own statement, so a long backlog never
 * holds one long transaction.
 */
export function idempotencyExpiryJob(
  db: Database,
  log: FastifyBaseLogger,
  now = () => new Date(),
): IntervalJob {
  return new IntervalJob(
    'idempotency expiry',
    async () => {
      const before = new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS);
      let total = 0;
      for (;;) {
        const deleted = await deleteIdempotencyKeysBefore(db, before, BATCH);
        total += deleted;
        if (deleted < BATCH) break;
      }
      if (total > 0) log.info({ count: total }, 'idempotency keys expired');
    },
    log,
    10 * 60_000,
    db,
  );
}
