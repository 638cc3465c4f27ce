import type { Database, Queryable } from '@guichet/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { IntervalJob } from '../../jobs/interval-job';
import { purgeTouchesBefore, touchOrganizations } from './touches.repository';

/** Touches deleted per statement: short transactions, so inserts and the funnel never wait long on them. */
const BATCH = 5000;
const DAY_MS = 86_400_000;

/**
 * Deletes the visits and checkouts started older than the retention, organisation by organisation (each
 * delete reads the organisation's period index) and a batch at a time. Answers how many went. An order's
 * attribution to a purged touch becomes null (the foreign key's `set null`): such an order, older than the
 * retention too in practice, counts as direct in a funnel of its period, which shows no visits any more.
 */
export async function purgeOldVisits(
  db: Queryable,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  let purged = 0;
  for (const organizationId of await touchOrganizations(db, before)) {
    for (;;) {
      const deleted = await purgeTouchesBefore(db, organizationId, before, BATCH);
      purged += deleted;
      if (deleted < BATCH) break;
    }
  }
  return purged;
}

/** Once an hour, in the leader process only (the job's advisory lock, see IntervalJob). */
export function visitPurgeJob(
  db: Database,
  retentionDays: number,
  log: FastifyBaseLogger,
  intervalMs = 3_600_000,
): IntervalJob {
  return new IntervalJob(
    'visit purge',
    async () => {
      const purged = await purgeOldVisits(db, retentionDays);
      if (purged > 0) log.info({ purged, retentionDays }, 'visits older than the retention purged');
    },
    log,
    intervalMs,
    db,
  );
}
