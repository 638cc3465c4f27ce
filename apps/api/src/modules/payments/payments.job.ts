import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { IntervalJob } from '../../jobs/interval-job';
import { closeStaleSessions } from './checkout.service';
import { retryPendingRefunds } from './refunds.service';

/**
 * Stripe housekeeping on an interval: closes the Checkout Sessions of reservations that ended (so a buyer
 * cannot pay for places given back) and retries refunds Stripe did not answer. Safe to run in several
 * processes: a session closed twice stays closed, and a refund's idempotency key is its id. One process
 * runs it at a time all the same (the job's advisory lock, see IntervalJob), so Stripe is not asked twice.
 */
export function paymentsJob(ctx: AppContext, log: FastifyBaseLogger): IntervalJob {
  return new IntervalJob(
    'payments job',
    async () => {
      await closeStaleSessions(ctx, log);
      await retryPendingRefunds(ctx, log);
    },
    log,
    15_000,
    ctx.db,
  );
}
