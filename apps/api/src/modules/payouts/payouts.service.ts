import type { Database } from '@guichet/db/client';
import type { Payout, PayoutDetail, PayoutFlag, PayoutTransaction } from '@guichet/shared/payouts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { keysetPage } from '../../cursor';
import { AppError } from '../../errors';
import { type ProviderBalanceTransaction, type ProviderPayout, payoutOf } from '../../payment-provider';
import { recordAudit } from '../audit/audit.service';
import { emitWebhookEvent } from '../integrations/webhook-events';
import { recordEntry, recordProcessorFee } from '../ledger/ledger.service';
import * as repository from './payouts.repository';

/**
 * Stripe payouts of connected accounts, reconciled with the ledger. A payout is stored as Stripe tells it
 * (webhook or catch-up); once paid, every balance transaction inside it is stored and matched: a charge to
 * its card payment (money in less both fees), a refund to its refund row, and the facts only Stripe knows
 * (a platform-fee refund, a dispute, an adjustment) are written to the ledger as they are matched. The
 * payout writes its own row (money leaving the Stripe balance for the bank). A payout is reconciled when
 * every row is matched and the matched rows add up to its amount to the cent; otherwise it is flagged and
 * waits in the inbox: nothing unknown is absorbed.
 */

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The types the sync knows how to match; any other is flagged. */
export const KNOWN_TYPES = new Set([
  'charge',
  'payment',
  'refund',
  'payment_refund',
  'application_fee_refund',
  'adjustment',
  'dispute',
  'payout',
  'payout_failure',
]);

/** The fields of Stripe's payout object the sync reads (webhook payloads are checked against it). */
const stripePayoutSchema = z.object({
  id: z.string().regex(/^po_\w+$/),
  amount: z.number().int(),
  currency: z.string().length(3),
  status: z.string(),
  arrival_date: z.number().int(),
  created: z.number().int(),
});

export function payoutFromEvent(object: Record<string, unknown>): ProviderPayout | null {
  const parsed = stripePayoutSchema.safeParse(object);
  return parsed.success ? payoutOf(parsed.data) : null;
}

/**
 * Syncs one payout: reads its balance transactions once it is paid (before any transaction: no network
 * call holds one open), then stores and matches them under the payout's row lock. `claim` runs first in
 * the same transaction (the webhook's event id): a redelivery changes nothing. Idempotent: a second sync
 * of the same payout adds no row and writes no ledger row.
 */
export async function syncPayout(
  ctx: AppContext,
  organizationId: string,
  stripeAccountId: string,
  payout: ProviderPayout,
  claim?: (tx: Transaction) => Promise<boolean>,
) {
  const provider = ctx.payments;
  const balance: ProviderBalanceTransaction[] =
    payout.status === 'paid' && provider ? await provider.payoutTransactions(stripeAccountId, payout.id) : [];
  await applyPayout(ctx, organizationId, stripeAccountId, payout, balance, claim);
}

/**
 * Stores a payout and the balance transactions Stripe listed in it, matches them and decides the payout's
 * state, in one transaction under the payout's row lock (the sync's second half; the demo feeds it too).
 */
export async function applyPayout(
  ctx: AppContext,
  organizationId: string,
  stripeAccountId: string,
  payout: ProviderPayout,
  balance: ProviderBalanceTransaction[],
  claim?: (tx: Transaction) => Promise<boolean>,
) {
  await ctx.db.transaction(async (tx) => {
    if (claim && !(await claim(tx))) return;
    const stored = await repository.upsertPayout(tx, {
      organizationId,
      stripeAccountId,
      stripePayoutId: payout.id,
      amountMinor: payout.amountMinor,
      currency: payout.currency,
      status: payout.status,
      arrivalDate: payout.arrivalDate,
      stripeCreatedAt: payout.created,
    });
    if (!stored) return;
    const locked = await repository.lockPayout(tx, organizationId, stored.id);
    if (!locked) return;
    await repository.insertTransactions(
      tx,
      balance.map((transaction) => ({
        organizationId,
        payoutId: locked.id,
        stripeBalanceTransactionId: transaction.id,
        type: transaction.type,
        reportingCategory: transaction.reportingCategory,
        amountMinor: transaction.amountMinor,
        feeMinor: transaction.feeMinor,
        netMinor: transaction.netMinor,
        currency: transaction.currency,
        source: transaction.sourceId,
        description: transaction.description,
        stripeCreatedAt: transaction.created,
      })),
    );
    const rows = new Map(
      (await repository.transactionsOf(tx, organizationId, locked.id)).map((row) => [
        row.stripeBalanceTransactionId,
        row,
      ]),
    );
    for (const transaction of balance) {
      const row = rows.get(transaction.id);
      if (row && row.matchedMinor === null) await matchAutomatically(tx, organizationId, row, transaction);
    }
    if (locked.status === 'paid') await recordPayoutOut(tx, locked, [...rows.values()]);
    if (locked.status === 'failed') await recordPayoutFailed(tx, locked);
    await reconcile(tx, organizationId, locked.id);
  });
}

/** Matches one balance transaction by what Stripe says it is; leaves it unmatched when nothing fits. */
async function matchAutomatically(
  tx: Transaction,
  organizationId: string,
  row: repository.PayoutTransactionRow,
  transaction: ProviderBalanceTransaction,
) {
  const auto = { source: 'auto' as const, by: null };
  const entryOf = (kind: 'platform_fee' | 'dispute' | 'adjustment', reason: string | null) =>
    recordEntry(tx, {
      organizationId,
      kind,
      method: 'stripe',
      amountMinor: row.netMinor,
      currency: row.currency,
      occurredAt: row.stripeCreatedAt,
      reference: row.stripeBalanceTransactionId,
      reason,
    });
  switch (row.type) {
    case 'charge':
    case 'payment': {
      if (!transaction.paymentIntentId) return;
      const found = await repository.paymentByIntent(tx, organizationId, transaction.paymentIntentId);
      if (!found) return;
      // The processor fee, if the payment's own read has not written it yet (written once per payment).
      await recordProcessorFee(tx, found.payment, found.eventId, {
        feeMinor: transaction.processorFeeMinor,
        balanceTransactionId: transaction.id,
      });
      const matchedMinor = await repository.paymentBalanceMinor(tx, organizationId, found.payment.id);
      await repository.setMatch(tx, organizationId, row.id, {
        ...auto,
        paymentId: found.payment.id,
        matchedMinor,
      });
      return;
    }
    case 'refund':
    case 'payment_refund': {
      if (!row.source) return;
      const entry = await repository.refundEntryByStripeId(tx, organizationId, row.source);
      if (!entry) return;
      await repository.setMatch(tx, organizationId, row.id, {
        ...auto,
        ledgerEntryId: entry.id,
        matchedMinor: entry.amountMinor,
      });
      return;
    }
    case 'application_fee_refund':
    case 'dispute':
    case 'adjustment': {
      if (row.netMinor === 0) return;
      const kind =
        row.type === 'application_fee_refund'
          ? 'platform_fee'
          : row.type === 'dispute'
            ? 'dispute'
            : 'adjustment';
      const entry = await entryOf(
        kind,
        kind === 'adjustment' ? `Stripe: ${row.description ?? 'adjustment'}`.slice(0, 500) : null,
      );
      await repository.setMatch(tx, organizationId, row.id, {
        ...auto,
        ledgerEntryId: entry.id,
        matchedMinor: entry.amountMinor,
      });
      return;
    }
    case 'payout_failure': {
      // The money of a failed payout back in the balance: the row its failure wrote (source: the payout).
      if (!row.source) return;
      const entry = await repository.failureEntryOf(tx, organizationId, row.source);
      if (!entry) return;
      await repository.setMatch(tx, organizationId, row.id, {
        ...auto,
        ledgerEntryId: entry.id,
        matchedMinor: entry.amountMinor,
      });
      return;
    }
    default:
      // `payout` is matched with the payout's own row; an unknown type stays unmatched and flags the payout.
      return;
  }
}

/** The payout's own ledger row (once), and its balance transaction matched to it. */
async function recordPayoutOut(
  tx: Transaction,
  payout: repository.PayoutRow,
  rows: repository.PayoutTransactionRow[],
) {
  let entryId = payout.ledgerEntryId;
  if (!entryId) {
    const entry = await recordEntry(tx, {
      organizationId: payout.organizationId,
      kind: 'payout',
      method: 'stripe',
      amountMinor: -payout.amountMinor,
      currency: payout.currency,
      occurredAt: payout.arrivalDate,
      reference: payout.stripePayoutId,
    });
    await repository.setPayoutEntry(tx, payout.organizationId, payout.id, entry.id);
    entryId = entry.id;
  }
  const own = rows.find((row) => row.type === 'payout' && row.source === payout.stripePayoutId);
  if (own && own.matchedMinor === null) {
    await repository.setMatch(tx, payout.organizationId, own.id, {
      ledgerEntryId: entryId,
      matchedMinor: -payout.amountMinor,
      source: 'auto',
      by: null,
    });
  }
}

/**
 * A payout that failed after it was recorded as paid: its money is back in the Stripe balance, written
 * once. Stripe lists that return (`payout_failure`) in a later payout, matched to this row.
 */
async function recordPayoutFailed(tx: Transaction, payout: repository.PayoutRow) {
  if (!payout.ledgerEntryId || payout.failureEntryId) return;
  const entry = await recordEntry(tx, {
    organizationId: payout.organizationId,
    kind: 'payout',
    method: 'stripe',
    amountMinor: payout.amountMinor,
    currency: payout.currency,
    reference: payout.stripePayoutId,
    reason: 'The payout failed: its money is back in the Stripe balance.',
  });
  await repository.setFailureEntry(tx, payout.organizationId, payout.id, entry.id);
}

/** Decides the payout's state from its rows: reconciled only when all match and the sum is exact. */
async function reconcile(tx: Transaction, organizationId: string, payoutId: string) {
  const payout = await repository.lockPayout(tx, organizationId, payoutId);
  if (!payout) return;
  if (payout.status !== 'paid') {
    await repository.setReconciliation(tx, organizationId, payoutId, 'pending', []);
    return;
  }
  const rows = await repository.transactionsOf(tx, organizationId, payoutId);
  const flags = new Set<PayoutFlag>();
  for (const row of rows) {
    if (row.matchedMinor !== null) continue;
    flags.add('unmatched-transactions');
    if (!KNOWN_TYPES.has(row.type)) flags.add('unknown-type');
  }
  const matched = rows
    .filter((row) => row.type !== 'payout')
    .reduce((sum, row) => sum + (row.matchedMinor ?? 0), 0);
  if (matched !== payout.amountMinor) flags.add('amount-mismatch');
  const state = flags.size === 0 ? 'reconciled' : 'flagged';
  await repository.setReconciliation(tx, organizationId, payoutId, state, [...flags]);
  // Once per payout, when it becomes reconciled (a resync of a reconciled payout says nothing new).
  if (state === 'reconciled' && payout.reconciliation !== 'reconciled') {
    await emitWebhookEvent(tx, {
      organizationId,
      type: 'payout.reconciled',
      data: {
        id: payout.id,
        stripePayoutId: payout.stripePayoutId,
        amountMinor: payout.amountMinor,
        currency: payout.currency,
        arrivalDate: payout.arrivalDate.toISOString(),
        transactions: rows.length,
      },
    });
  }
}

/**
 * A staff member explains an unmatched balance transaction with a ledger row (a card payment stands for
 * its payment and both fees). Refused inside a closed period (by the payout's arrival date), for a row
 * already matched, or for a ledger row already explaining another transaction. Audited.
 */
export async function matchManually(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
  transactionId: string,
  ledgerEntryId: string,
) {
  const payoutId = await ctx.db.transaction(async (tx) => {
    const closing = await repository.closingForShare(tx, organizationId);
    const transaction = await repository.transactionById(tx, organizationId, transactionId);
    if (!transaction) throw new AppError('not-found', 'No such balance transaction.');
    const payout = await repository.lockPayout(tx, organizationId, transaction.payoutId);
    if (!payout) throw new AppError('not-found', 'No such payout.');
    if (closing?.closedBefore && payout.arrivalDate < closing.closedBefore)
      throw new AppError('period-closed', 'This payout is inside a closed period.');
    const entry = await repository.ledgerEntryById(tx, organizationId, ledgerEntryId);
    if (!entry) throw new AppError('not-found', 'No such ledger row.');
    if (entry.currency !== transaction.currency || entry.kind === 'sale' || entry.kind === 'payout')
      throw new AppError('argument-error', 'This ledger row cannot explain this balance transaction.');
    const byPayment = entry.kind === 'card_payment' && entry.paymentId !== null;
    const matchedMinor = byPayment
      ? await repository.paymentBalanceMinor(tx, organizationId, entry.paymentId as string)
      : entry.amountMinor;
    const match = byPayment
      ? { paymentId: entry.paymentId, matchedMinor }
      : { ledgerEntryId: entry.id, matchedMinor };
    const saved = await tx
      .transaction(async (savepoint) =>
        repository.setMatch(savepoint, organizationId, transactionId, {
          ...match,
          source: 'manual',
          by: staffId,
        }),
      )
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
    if (!saved) throw new AppError('already-matched', 'Already matched, or the row explains another one.');
    await recordAudit(tx, {
      organizationId,
      actorStaffId: staffId,
      action: 'payout.matched',
      targetType: 'payout',
      targetId: payout.id,
      after: {
        balanceTransaction: transaction.stripeBalanceTransactionId,
        ledgerEntryId: entry.id,
        paymentId: byPayment ? entry.paymentId : null,
        matchedMinor,
      },
    });
    await reconcile(tx, organizationId, payout.id);
    return payout.id;
  });
  return payoutDetail(ctx, organizationId, payoutId);
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

type SummaryRow = Awaited<ReturnType<typeof repository.listPayouts>>[number];

function payoutView(row: SummaryRow): Payout {
  return {
    id: row.payout.id,
    stripePayoutId: row.payout.stripePayoutId,
    amountMinor: row.payout.amountMinor,
    currency: row.payout.currency,
    status: row.payout.status,
    arrivalDate: row.payout.arrivalDate.toISOString(),
    reconciliation: row.payout.reconciliation,
    flags: row.payout.flags as PayoutFlag[],
    matchedMinor: Number(row.matchedMinor),
    transactionCount: Number(row.transactionCount),
    unmatchedCount: Number(row.unmatchedCount),
  };
}

export async function listPayouts(
  ctx: AppContext,
  organizationId: string,
  query: { reconciliation?: Payout['reconciliation']; limit: number; cursor?: string },
) {
  const rows = await repository.listPayouts(ctx.db, organizationId, { ...query, limit: query.limit + 1 });
  const page = keysetPage(rows, query.limit, (row) => [row.payout.arrivalDate.toISOString(), row.payout.id]);
  return { items: page.items.map(payoutView), nextCursor: page.nextCursor };
}

export async function payoutDetail(
  ctx: AppContext,
  organizationId: string,
  payoutId: string,
): Promise<PayoutDetail> {
  const [row] = await repository.listPayouts(ctx.db, organizationId, { limit: 1, payoutId });
  if (!row) throw new AppError('not-found', 'No such payout.');
  const transactions: PayoutTransaction[] = [];
  for (const transaction of await repository.transactionsOf(ctx.db, organizationId, payoutId)) {
    const suggestions =
      transaction.matchedMinor === null
        ? await repository.suggestionsFor(ctx.db, organizationId, transaction)
        : [];
    transactions.push({
      id: transaction.id,
      stripeBalanceTransactionId: transaction.stripeBalanceTransactionId,
      type: transaction.type,
      known: KNOWN_TYPES.has(transaction.type),
      amountMinor: transaction.amountMinor,
      feeMinor: transaction.feeMinor,
      netMinor: transaction.netMinor,
      currency: transaction.currency,
      source: transaction.source,
      description: transaction.description,
      createdAt: transaction.stripeCreatedAt.toISOString(),
      matched: transaction.matchedMinor !== null,
      matchedMinor: transaction.matchedMinor,
      matchSource: transaction.matchSource,
      suggestions: suggestions.map(({ entry, orderCode }) => ({
        ledgerEntryId: entry.id,
        kind: entry.kind,
        amountMinor: entry.amountMinor,
        occurredAt: entry.occurredAt.toISOString(),
        orderCode,
        reference: entry.reference,
      })),
    });
  }
  return { payout: payoutView(row), transactions };
}
