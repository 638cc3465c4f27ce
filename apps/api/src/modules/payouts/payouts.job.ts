import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { IntervalJob } from '../../jobs/interval-job';
import * as repository from './payouts.repository';
import { syncPayout } from './payouts.service';

/** How far back the catch-up looks: Stripe pays out within days; a month covers any missed event. */
const CATCH_UP_DAYS = 30;

/**
 * The catch-up of missed payout events: for every connected account, the payouts of the last month that
 * are not settled here yet (unknown, not final, or paid but not reconciled) are synced again. Syncing is
 * idempotent, so a run that overlaps a webhook adds nothing.
 */
export async function catchUpPayouts(ctx: AppContext, log: FastifyBaseLogger, now = new Date()) {
  const provider = ctx.payments;
  if (!provider) return 0;
  let synced = 0;
  for (const account of await repository.payoutAccounts(ctx.db)) {
    try {
      const found = await provider.listPayouts(
        account.stripeAccountId,
        new Date(now.getTime() - CATCH_UP_DAYS * 86_400_000),
      );
      const stored = await repository.storedPayoutState(
        ctx.db,
        account.organizationId,
        found.map((payout) => payout.id),
      );
      for (const payout of found) {
        const known = stored.get(payout.id);
        const settled =
          known &&
          known.status === payout.status &&
          (known.status !== 'paid' || known.reconciliation === 'reconciled');
        if (settled) continue;
        await syncPayout(ctx, account.organizationId, account.stripeAccountId, payout);
        synced += 1;
      }
    } catch (error) {
      log.warn({ err: error, organization: account.organizationId }, 'payouts not synced; retried next run');
    }
  }
  return synced;
}

/** Runs the catch-up every ten minutes in the leader process only (the job's advisory lock). */
export function payoutsJob(ctx: AppContext, log: FastifyBaseLogger): IntervalJob {
  return new IntervalJob(
    'payouts job',
    async () => void (await catchUpPayouts(ctx, log)),
    log,
    600_000,
    ctx.db,
  );
}
