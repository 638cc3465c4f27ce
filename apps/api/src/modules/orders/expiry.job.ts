import type { Database } from '@guichet/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { IntervalJob } from '../../jobs/interval-job';
import { expireDueReservations } from './expiry.service';

/**
 * Gives back the seats of reservations that were not paid in time, on an interval. One process runs it at
 * a time (the job's advisory lock, see IntervalJob); even two at once would be safe: each order is expired
 * by a conditional UPDATE in its own transaction, so its seats are released exactly once, and a run cut
 * short leaves the orders it did not reach for the next run, in whichever process.
 */
export function reservationExpiryJob(db: Database, log: FastifyBaseLogger): IntervalJob {
  return new IntervalJob(
    'reservation expiry',
    async () => {
      const count = await expireDueReservations(db);
      if (count > 0) log.info({ count }, 'reservations expired');
    },
    log,
    15_000,
    db,
  );
}
