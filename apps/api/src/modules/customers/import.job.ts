import type { Database } from '@guichet/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { IntervalJob } from '../../jobs/interval-job';
import { failExpiredImports } from './import.repository';

/**
 * Imports whose process stopped (killed, crashed, redeployed) stay `running` with a lease nobody renews.
 * Every 30 s the leader process (the job's advisory lock, see IntervalJob) marks those whose lease has
 * passed as failed, reason `interrupted`, which the import page shows. They are not resumed: the uploaded
 * file was a temporary file of the process that stopped, so the organiser uploads it again (an import is
 * an upsert by e-mail, so the rows already written are updated, not doubled). One guarded UPDATE: two
 * sweeps at once, or a sweep racing the import's last save, fail an import at most once and never undo a
 * finished one.
 */
export function importSweepJob(db: Database, log: FastifyBaseLogger, intervalMs = 30_000): IntervalJob {
  return new IntervalJob(
    'customer import sweep',
    async () => {
      const failed = await failExpiredImports(db);
      if (failed.length > 0) log.warn({ imports: failed }, 'interrupted customer imports marked failed');
    },
    log,
    intervalMs,
    db,
  );
}
