import type { Database } from '@guichet/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { IntervalJob } from '../../jobs/interval-job';
import { expireDueReservations } from './expiry.service';

/**
 * Gives back the seats of reservations that were not paid in time, on an interval. Several processes may
 * run it at once: each order is expired by a conditional UPDATE, so its seats are released exactly once.
 */
export function reservationExpiryJob(db: Database, log: FastifyBaseLogger): IntervalJob {
  return new IntervalJob(
    'reservation expiry',
    async () => {
      const count = await expireDueReservations(db);
      if (count > 0) log.info({ count }, 'reservations expired');
    },
    log,
  );
}
