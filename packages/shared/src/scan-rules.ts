import type {
  AdmissionStatus,
  CheckinList,
  Presence,
  PresenceState,
  RefusalReason,
  ScanDirection,
} from './scan';

/**
 * The check-in rules, one implementation for the server (online redeem, offline sync replay) and the
 * scanner deciding offline from its snapshot, so a door never judges differently with or without network.
 * Pure functions: no clock, no I/O.
 */

export type RuleList = Pick<
  CheckinList,
  | 'id'
  | 'name'
  | 'allTicketTypes'
  | 'ticketTypeIds'
  | 'startsAt'
  | 'endsAt'
  | 'allowReentry'
  | 'allowMultipleEntries'
>;

export interface RuleTicket {
  eventId: string;
  ticketTypeId: string;
  status: AdmissionStatus;
}

export type Verdict =
  | { result: 'ok'; listId: string }
  | { result: 'refused'; reason: RefusalReason; listId: string | null };

/** The first of `lists` (in the order the gate gave them) that covers the ticket type, or undefined. */
export function listFor<L extends RuleList>(lists: readonly L[], ticketTypeId: string): L | undefined {
  return lists.find((list) => list.allTicketTypes || list.ticketTypeIds.includes(ticketTypeId));
}

/** Why the ticket may not pass at `at` (ms since epoch) before its presence is looked at, or null. */
export function validityRefusal(
  list: RuleList,
  ticket: RuleTicket,
  at: number,
): Exclude<RefusalReason, 'invalid' | 'unknown' | 'wrong-event' | 'wrong-list'> | null {
  if (list.startsAt && at < Date.parse(list.startsAt)) return 'not-yet-valid';
  if (list.endsAt && at >= Date.parse(list.endsAt)) return 'window-closed';
  if (ticket.status !== 'valid') return ticket.status;
  return null;
}

/** Whether a scan in `direction` passes given the ticket's state on the list; the reason when not. */
export function presenceRefusal(
  list: Pick<RuleList, 'allowReentry' | 'allowMultipleEntries'>,
  state: PresenceState,
  direction: ScanDirection,
): 'already-used' | 'not-inside' | null {
  if (direction === 'exit') return state === 'inside' ? null : 'not-inside';
  if (list.allowMultipleEntries || state === 'never') return null;
  if (state === 'outside' && list.allowReentry) return null;
  return 'already-used';
}

/**
 * The whole verdict of one scan. `ticket` null means no such ticket (offline: not in the snapshot);
 * an unverifiable secret is `invalid` before this is called. Order: unknown, wrong event, wrong list,
 * window, ticket status, then presence (validity always before "already used").
 */
export function judgeScan(input: {
  eventId: string;
  lists: readonly RuleList[];
  ticket: RuleTicket | null;
  direction: ScanDirection;
  at: number;
  presenceOf: (listId: string) => PresenceState;
}): Verdict {
  const { ticket } = input;
  if (!ticket) return { result: 'refused', reason: 'unknown', listId: null };
  if (ticket.eventId !== input.eventId) return { result: 'refused', reason: 'wrong-event', listId: null };
  const list = listFor(input.lists, ticket.ticketTypeId);
  if (!list) return { result: 'refused', reason: 'wrong-list', listId: null };
  const invalid = validityRefusal(list, ticket, input.at);
  if (invalid) return { result: 'refused', reason: invalid, listId: list.id };
  const refused = presenceRefusal(list, input.presenceOf(list.id), input.direction);
  if (refused) return { result: 'refused', reason: refused, listId: list.id };
  return { result: 'ok', listId: list.id };
}

/** A ticket's presence on a list after an admitted scan (also used for admissions made offline). */
export function applyAdmission(
  presence: Presence,
  direction: ScanDirection,
  at: string,
  deviceId: string,
): Presence {
  if (direction === 'exit') {
    // An exit of a ticket not inside changes nothing but is still recorded in the log.
    if (presence.state !== 'inside') return presence;
    return { ...presence, state: 'outside', lastAt: at, lastDeviceId: deviceId };
  }
  return {
    ...presence,
    state: 'inside',
    entries: presence.entries + 1,
    lastAt: at,
    lastDeviceId: deviceId,
  };
}

export function emptyPresence(listId: string): Presence {
  return { listId, state: 'never', entries: 0, lastAt: null, lastDeviceId: null };
}

// Ticket secrets -------------------------------------------------------------------------------------------

/** Secret layout: base64url(version 1 ‖ ticket id (16) ‖ event id (16) ‖ Ed25519 signature (64)). */
const SECRET_VERSION = 1;
const SECRET_PAYLOAD_BYTES = 33;
const SECRET_BYTES = SECRET_PAYLOAD_BYTES + 64;

export interface ParsedSecret {
  ticketId: string;
  eventId: string;
  /** The signed bytes (version and both ids). */
  payload: Uint8Array;
  signature: Uint8Array;
}

function base64urlDecode(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    buffer = (buffer << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  // Leftover bits must be zero: base64url has only one spelling of each byte string.
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return Uint8Array.from(bytes);
}

function uuidOf(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Splits a scanned secret into the ids it names and the signature to check (with the organisation's
 * public key from the snapshot, e.g. WebCrypto Ed25519). Null when it cannot be a ticket secret.
 */
export function parseTicketSecret(secret: string): ParsedSecret | null {
  const bytes = base64urlDecode(secret.trim());
  if (!bytes || bytes.length !== SECRET_BYTES || bytes[0] !== SECRET_VERSION) return null;
  return {
    ticketId: uuidOf(bytes.subarray(1, 17)),
    eventId: uuidOf(bytes.subarray(17, 33)),
    payload: bytes.slice(0, SECRET_PAYLOAD_BYTES),
    signature: bytes.slice(SECRET_PAYLOAD_BYTES),
  };
}
