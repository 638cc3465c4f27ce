import type { Queryable } from '@guichet/db/client';
import type { Presence, RedeemAnswer, RefusalReason, ScannedTicket } from '@guichet/shared/scan';
import { applyAdmission, emptyPresence, presenceRefusal } from '@guichet/shared/scan-rules';
import * as repository from './checkins.repository';

/**
 * Replays a ticket's scans on one list, in scan-time order, to set its presence and its conflicts. Run
 * whenever scans arrive out of order (offline sync) or stop counting (undo). The outcome depends only on
 * the set of scans, never on the order they were uploaded in:
 * - every admission (what the door did) moves the presence, even one the rules would have refused;
 * - an admitted entry that the rules refuse at its place in the order is a conflict with the entry that
 *   let the ticket in before it;
 * - an offline scan's verdict is re-judged at its place in the order (validity refusals stay as judged).
 * Open conflicts that no longer hold are removed; resolved ones are kept as staff left them.
 */

const PRESENCE_REASONS: readonly string[] = ['already-used', 'not-inside'];
/** An offline admission of a ticket refunded or cancelled (its order too) is a conflict of its own. */
const NOT_VALID_REASONS: readonly string[] = ['cancelled', 'refunded'];

export interface ReplayList {
  id: string;
  name: string;
  eventId: string;
  allowReentry: boolean;
  allowMultipleEntries: boolean;
}

export interface ReplayTicket {
  id: string;
  ticketTypeId: string;
  view: ScannedTicket;
}

export async function replay(
  db: Queryable,
  organizationId: string,
  list: ReplayList,
  ticket: ReplayTicket,
): Promise<{ presence: Presence; openConflictIds: string[] }> {
  await repository.lockPresence(db, {
    organizationId,
    listId: list.id,
    ticketId: ticket.id,
    eventId: list.eventId,
    ticketTypeId: ticket.ticketTypeId,
  });
  const scans = await repository.ticketScans(db, organizationId, list.id, ticket.id);
  let presence = emptyPresence(list.id);
  let lastEntry: repository.LogRow | null = null;
  // [first, second]: two entries the rules forbid; [null, admission]: a ticket let in that no longer admitted.
  const pairs: [string | null, string][] = [];
  for (const scan of scans) {
    const refusal = presenceRefusal(list, presence.state, scan.direction);
    if (scan.offline && (scan.result === 'ok' || PRESENCE_REASONS.includes(scan.reason ?? ''))) {
      const answer = verdictAnswer(scan, list, ticket.view, refusal, presence);
      if (
        answer.result !== scan.result ||
        (answer.result === 'refused' ? answer.reason : null) !== scan.reason
      ) {
        await repository.updateVerdict(db, organizationId, scan.id, {
          result: answer.result,
          reason: answer.result === 'refused' ? answer.reason : null,
          answer,
        });
      }
    }
    if (!scan.admitted) continue;
    if (scan.offline && scan.result === 'refused' && NOT_VALID_REASONS.includes(scan.reason ?? '')) {
      pairs.push([null, scan.id]);
    }
    if (scan.direction === 'entry' && refusal === 'already-used' && lastEntry)
      pairs.push([lastEntry.id, scan.id]);
    presence = applyAdmission(presence, scan.direction, scan.orderAt.toISOString(), scan.deviceId);
    if (scan.direction === 'entry') lastEntry = scan;
  }
  await repository.savePresence(db, organizationId, list.id, ticket.id, {
    state: presence.state,
    entries: presence.entries,
    lastAt: presence.lastAt ? new Date(presence.lastAt) : null,
    lastDeviceId: presence.lastDeviceId,
  });

  const existing = await repository.ticketConflicts(db, organizationId, list.id, ticket.id);
  const wanted = new Set(pairs.map(([first, second]) => `${first}:${second}`));
  const stale = existing.filter(
    (row) => row.status === 'open' && !wanted.has(`${row.firstCheckinId}:${row.secondCheckinId}`),
  );
  await repository.deleteConflicts(
    db,
    organizationId,
    stale.map((row) => row.id),
  );
  const have = new Set(existing.map((row) => `${row.firstCheckinId}:${row.secondCheckinId}`));
  await repository.insertConflicts(
    db,
    pairs
      .filter(([first, second]) => !have.has(`${first}:${second}`))
      .map(([firstCheckinId, secondCheckinId]) => ({
        kind: firstCheckinId ? ('double-entry' as const) : ('not-valid' as const),
        organizationId,
        eventId: list.eventId,
        listId: list.id,
        ticketId: ticket.id,
        firstCheckinId,
        secondCheckinId,
      })),
  );
  const open = await repository.ticketConflicts(db, organizationId, list.id, ticket.id);
  return {
    presence: presence.state === 'never' ? { ...presence, lastAt: null, lastDeviceId: null } : presence,
    openConflictIds: open.filter((row) => row.status === 'open').map((row) => row.id),
  };
}

/** The server's verdict on a scan at its place in the replay. */
function verdictAnswer(
  scan: repository.LogRow,
  list: ReplayList,
  ticket: ScannedTicket,
  refusal: RefusalReason | null,
  before: Presence,
): RedeemAnswer {
  const common = {
    checkinId: scan.id,
    direction: scan.direction,
    list: { id: list.id, name: list.name },
    ticket,
    at: scan.scannedAt.toISOString(),
  };
  if (!refusal) return { result: 'ok', ...common };
  return {
    result: 'refused',
    reason: refusal,
    ...common,
    alreadyUsed:
      refusal === 'already-used' && before.lastAt
        ? { at: before.lastAt, listId: list.id, listName: list.name, deviceId: before.lastDeviceId ?? '' }
        : null,
  };
}
