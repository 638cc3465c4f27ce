import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { IntervalJob } from '../../jobs/interval-job';
import { closeStaleSessions } from './checkout.service';
import { catchUpProcessorFees } from './fees.service';
import { retryPendingRefunds } from './refunds.service';

/**
 * Stripe housekeeping on an interval: closes the Checkout Sessions of reservations that ended (so a buyer
 * cannot pay for places given back), retries refunds Stripe did not answer and reads the processor fees
 * not read when their payments came in. Safe to run in several
 * processes: a session closed twice stays closed, and a refund's idempotency key is its id.
 */
export function paymentsJob(ctx: AppContext, log: FastifyBaseLogger): IntervalJob {
  return new IntervalJob(
    'payments job',
    async () => {
      await closeStaleSessions(ctx, log);
      await retryPendingRefunds(ctx, log);
      await catchUpProcessorFees(ctx, log);
    },
    log,
  );
}
