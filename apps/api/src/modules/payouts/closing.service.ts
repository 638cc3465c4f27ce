import type { AdjustmentBody, ClosedPeriod, ClosePeriodBody } from '@guichet/shared/payouts';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { recordEntry } from '../ledger/ledger.service';
import * as repository from './closing.repository';

/**
 * Closing a period and manual adjustments. A closing moves one boundary per organisation forward: every
 * day up to `through` is final. The ledger's insert trigger holds it (migration `payouts_custom`): a
 * manual adjustment dated before the boundary is refused (409 `period-closed`), and a fact Stripe tells
 * late lands on the first open day. So the journal of a closed period exports the same bytes for ever.
 */

type ClosingRow = Awaited<ReturnType<typeof repository.closingOf>>;

function closingView(row: ClosingRow): ClosedPeriod {
  return {
    closedThrough: row?.closedThrough ?? null,
    closedBefore: row?.closedBefore?.toISOString() ?? null,
    tz: row?.tz ?? 'UTC',
    closedAt: row?.closedAt?.toISOString() ?? null,
  };
}

/** Today's date in a time zone, YYYY-MM-DD. */
function todayIn(tz: string, now: Date) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .slice(0, 10);
}

export async function closedPeriod(ctx: AppContext, organizationId: string) {
  return closingView(await repository.closingOf(ctx.db, organizationId));
}

/**
 * Closes every day up to `through` (a day already over). The row is made first in its own statement, so
 * the closing's UPDATE always has a row to lock: an adjustment being written meanwhile waits for it.
 */
export async function closePeriod(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
  body: Required<ClosePeriodBody>,
  now = new Date(),
) {
  if (body.through >= todayIn(body.tz, now))
    throw new AppError('argument-error', 'Only days that are over can be closed.', {
      details: [{ path: ['through'], message: 'a day before today' }],
    });
  await repository.ensureClosingRow(ctx.db, organizationId);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repository.lockClosing(tx, organizationId);
    if (current?.closedThrough && body.through <= current.closedThrough)
      throw new AppError('period-closed', `Already closed through ${current.closedThrough}.`);
    const moved = await repository.moveClosing(tx, organizationId, { ...body, by: staffId });
    await recordAudit(tx, {
      organizationId,
      actorStaffId: staffId,
      action: 'finances.period-closed',
      targetType: 'organization',
      targetId: organizationId,
      before: { closedThrough: current?.closedThrough ?? null },
      after: { closedThrough: body.through, tz: body.tz },
    });
    return moved;
  });
  return closingView(row);
}

/** A manual adjustment with its reason, written to the ledger (no order: the orders' invariant holds). */
export async function recordAdjustment(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
  body: Omit<AdjustmentBody, 'currency'> & { currency: string },
  now = new Date(),
) {
  const occurredAt = body.occurredAt ? new Date(body.occurredAt) : now;
  if (occurredAt.getTime() > now.getTime() + 60_000)
    throw new AppError('argument-error', 'An adjustment cannot be dated in the future.', {
      details: [{ path: ['occurredAt'], message: 'not in the future' }],
    });
  const entry = await ctx.db.transaction(async (tx) => {
    if (body.eventId && !(await repository.eventExists(tx, organizationId, body.eventId)))
      throw new AppError('not-found', 'No such event.');
    const written = await recordEntry(tx, {
      organizationId,
      eventId: body.eventId ?? null,
      kind: 'adjustment',
      amountMinor: body.amountMinor,
      currency: body.currency,
      occurredAt,
      recordedBy: staffId,
      reason: body.reason,
    });
    await recordAudit(tx, {
      organizationId,
      actorStaffId: staffId,
      action: 'finances.adjustment',
      targetType: 'ledger_entry',
      targetId: written.id,
      after: { amountMinor: written.amountMinor, currency: written.currency, reason: written.reason },
    });
    return written;
  });
  return {
    id: entry.id,
    amountMinor: entry.amountMinor,
    currency: entry.currency,
    reason: entry.reason ?? '',
    occurredAt: entry.occurredAt.toISOString(),
  };
}
