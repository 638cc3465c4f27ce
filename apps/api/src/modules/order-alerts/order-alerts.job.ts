import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { IntervalJob } from '../../jobs/interval-job';
import { noticeNewOrders, sendDueDigests } from './order-alerts.service';

/**
 * Staff hear of new orders: every 30 s the mails per order, then the daily digests that are due. One
 * process runs it at a time (the job's advisory lock, decision 023); even two at once would send each mail
 * once: a notice and a digest are rows with a primary key, written with their mail.
 */
export function orderAlertsJob(ctx: AppContext, log: FastifyBaseLogger): IntervalJob {
  return new IntervalJob(
    'order alerts',
    async () => {
      const noticed = await noticeNewOrders(ctx);
      const digests = await sendDueDigests(ctx);
      if (noticed + digests > 0) log.info({ noticed, digests }, 'order alerts queued');
    },
    log,
    30_000,
    ctx.db,
  );
}
