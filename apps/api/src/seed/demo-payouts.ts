import type { AppContext } from '../context';
import { applyPayout } from '../modules/payouts/payouts.service';
import type { ProviderBalanceTransaction } from '../payment-provider';

const DAY = 86_400_000;
const DEMO_ACCOUNT = 'acct_demo_guichet';

function transaction(
  id: string,
  type: string,
  netMinor: number,
  at: Date,
  extra: Partial<ProviderBalanceTransaction> = {},
): ProviderBalanceTransaction {
  return {
    id,
    type,
    reportingCategory: type,
    amountMinor: netMinor,
    feeMinor: 0,
    processorFeeMinor: 0,
    netMinor,
    currency: 'EUR',
    sourceId: null,
    paymentIntentId: null,
    description: null,
    created: at,
    ...extra,
  };
}

/**
 * Two Stripe payouts for the demo's `/finances/payouts`, fed to the sync as Stripe would list them (the
 * demo takes no card payment, so they hold what Stripe alone tells): one reconciled (a platform fee given
 * back and a Stripe credit), one flagged (a type the sync does not know and a charge of no order here).
 */
export async function seedDemoPayouts(ctx: AppContext, organizationId: string, now = new Date()) {
  const lastWeek = new Date(now.getTime() - 7 * DAY);
  const reconciled = [
    transaction('txn_demo_fee_refund', 'application_fee_refund', 155, lastWeek, {
      description: 'Platform fee given back with a refund',
    }),
    transaction('txn_demo_credit', 'adjustment', 1200, lastWeek, { description: 'Stripe fee credit' }),
  ];
  await payout(ctx, organizationId, 'po_demo_reconciled', reconciled, new Date(now.getTime() - 5 * DAY));
  const yesterday = new Date(now.getTime() - DAY);
  const flagged = [
    transaction('txn_demo_contribution', 'contribution', -37, yesterday, {
      description: 'Climate contribution',
    }),
    transaction('txn_demo_charge', 'charge', 4200, yesterday, {
      feeMinor: 88,
      processorFeeMinor: 88,
      netMinor: 4112,
      sourceId: 'ch_demo_not_ours',
    }),
  ];
  await payout(ctx, organizationId, 'po_demo_flagged', flagged, now);
}

async function payout(
  ctx: AppContext,
  organizationId: string,
  id: string,
  inside: ProviderBalanceTransaction[],
  arrivalDate: Date,
) {
  const amountMinor = inside.reduce((sum, row) => sum + row.netMinor, 0);
  const created = new Date(arrivalDate.getTime() - 2 * DAY);
  const own = transaction(`txn_${id}`, 'payout', -amountMinor, created, { sourceId: id });
  await applyPayout(
    ctx,
    organizationId,
    DEMO_ACCOUNT,
    { id, amountMinor, currency: 'EUR', status: 'paid', arrivalDate, created },
    [...inside, own],
  );
}
