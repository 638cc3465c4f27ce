import type { Database } from '@guichet/db/client';
import { recordAudit } from '../audit/audit.service';
import { releaseCapacity } from './capacity.repository';
import * as repository from './orders.repository';

/**
 * Ends one reservation past its time and gives its held places back. The conditional UPDATE
 * (`status = 'reserved' and reserved_until < now`) is the licence: when two runners race, the second waits
 * for the first's row lock, re-checks the condition on the committed row, matches nothing and releases
 * nothing. Returns whether this call expired the order.
 */
export async function expireReservation(
  db: Database,
  organizationId: string,
  orderId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await repository.transitionOrder(tx, organizationId, orderId, ['reserved'], 'expired', {
      expiredBefore: now,
    });
    if (!order) return false;
    const places = await repository.heldPlaces(tx, organizationId, orderId);
    if (places.length > 0) await releaseCapacity(tx, organizationId, places, 'held');
    await repository.setTicketsStatus(tx, organizationId, orderId, 'cancelled');
    await recordAudit(tx, {
      organizationId,
      actorStaffId: null,
      action: 'order.expired',
      targetType: 'order',
      targetId: orderId,
      before: { status: 'reserved' },
      after: { status: 'expired', released: places },
    });
    return true;
  });
}

/** Expires every reservation due at `now`, one transaction each; returns how many this call expired. */
export async function expireDueReservations(db: Database, now = new Date(), batch = 100): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await repository.dueReservations(db, now, batch);
    for (const order of due) {
      if (await expireReservation(db, order.organizationId, order.id, now)) expired += 1;
    }
    if (due.length < batch) return expired;
  }
}
