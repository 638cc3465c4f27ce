import type { OfflineSnapshot, Presence, ScanDirection, SnapshotTicket } from '@guichet/shared/scan';
import { applyAdmission, emptyPresence, judgeScan, type Verdict } from '@guichet/shared/scan-rules';
import { parseTicketCode } from '@guichet/shared/ticket-code';
import type { ScanRecord } from './scan-record';

/**
 * Deciding offline with the same rules as the server (`judgeScan`, shared), from the snapshot plus what
 * this device admitted since: a ticket let in here is not let in again here, network or not.
 */

const presenceKey = (ticketId: string, listId: string) => `${ticketId}|${listId}`;

/**
 * Whether one of this device's scans is already counted in the snapshot: the server had it (answered
 * online, or synced) before it took the snapshot. Otherwise it is applied on top.
 */
function countedInSnapshot(record: ScanRecord, snapshot: OfflineSnapshot): boolean {
  return (
    record.synced &&
    record.serverAt !== null &&
    Date.parse(record.serverAt) <= Date.parse(snapshot.generatedAt)
  );
}

/** Each ticket's presence per list: the snapshot's, then this device's admissions not in it, oldest first. */
export function buildPresence(
  snapshot: OfflineSnapshot,
  ownScans: readonly ScanRecord[],
  deviceId: string,
): Map<string, Presence> {
  const presence = new Map<string, Presence>();
  for (const ticket of snapshot.tickets) {
    for (const entry of ticket.presence) presence.set(presenceKey(ticket.id, entry.listId), entry);
  }
  const admitted = ownScans
    .filter(
      (record) =>
        record.result === 'ok' &&
        record.ticketId !== null &&
        record.listId !== null &&
        record.eventId === snapshot.eventId &&
        !countedInSnapshot(record, snapshot),
    )
    .sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
  for (const record of admitted) {
    const key = presenceKey(record.ticketId as string, record.listId as string);
    const before = presence.get(key) ?? emptyPresence(record.listId as string);
    presence.set(key, applyAdmission(before, record.direction, record.scannedAt, deviceId));
  }
  return presence;
}

export interface LocalDecision {
  verdict: Verdict;
  ticket: SnapshotTicket | null;
  /** For `already-used`: this ticket's last admission on the judging list. */
  lastAdmission: Presence | null;
}

/**
 * The verdict on a scanned secret whose signature has been checked (`verified` null: it was not a valid
 * signed secret of this organisation).
 */
export function decideLocally(input: {
  snapshot: OfflineSnapshot;
  tickets: ReadonlyMap<string, SnapshotTicket>;
  presence: ReadonlyMap<string, Presence>;
  verified: { ticketId: string; eventId: string } | null;
  listIds: readonly string[];
  direction: ScanDirection;
  at: number;
}): LocalDecision {
  const { snapshot, verified } = input;
  if (!verified)
    return {
      verdict: { result: 'refused', reason: 'invalid', listId: null },
      ticket: null,
      lastAdmission: null,
    };
  // The gate's lists in the order it gave them: the first that covers the ticket type judges.
  const lists = input.listIds
    .map((id) => snapshot.lists.find((list) => list.id === id))
    .filter((list) => list !== undefined);
  // A correctly signed ticket of another event of the organisation is not in this event's snapshot: it
  // exists, so it is the wrong event (as the server says), not an unknown ticket.
  if (verified.eventId !== snapshot.eventId) {
    return {
      verdict: { result: 'refused', reason: 'wrong-event', listId: null },
      ticket: null,
      lastAdmission: null,
    };
  }
  const known = input.tickets.get(verified.ticketId) ?? null;
  const ticket = known && {
    eventId: snapshot.eventId,
    ticketTypeId: known.ticketTypeId,
    status: known.status,
  };
  const verdict = judgeScan({
    eventId: snapshot.eventId,
    lists,
    ticket,
    direction: input.direction,
    at: input.at,
    presenceOf: (listId) => input.presence.get(presenceKey(verified.ticketId, listId))?.state ?? 'never',
  });
  const lastAdmission =
    verdict.result === 'refused' && verdict.reason === 'already-used' && verdict.listId
      ? (input.presence.get(presenceKey(verified.ticketId, verdict.listId)) ?? null)
      : null;
  return { verdict, ticket: known, lastAdmission };
}

export function ticketsById(snapshot: OfflineSnapshot): Map<string, SnapshotTicket> {
  return new Map(snapshot.tickets.map((ticket) => [ticket.id, ticket]));
}

export function ticketsByShortCode(snapshot: OfflineSnapshot): Map<string, SnapshotTicket> {
  return new Map(snapshot.tickets.map((ticket) => [ticket.shortCode, ticket]));
}

/** The ticket a typed short code names in the snapshot, as a verified secret would; null when none. */
export function typedTicket(
  snapshot: OfflineSnapshot,
  byShortCode: ReadonlyMap<string, SnapshotTicket>,
  typed: string,
): { ticketId: string; eventId: string } | null {
  const code = parseTicketCode(typed);
  const ticket = code ? byShortCode.get(code) : undefined;
  return ticket ? { ticketId: ticket.id, eventId: snapshot.eventId } : null;
}
