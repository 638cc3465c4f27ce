import type { Database } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import { API_ACCESS, canCallApi } from '@guichet/shared/permissions';
import type {
  AdmissionStatus,
  RedeemAnswer,
  RefusalReason,
  redeemRequestSchema,
  ScannedTicket,
} from '@guichet/shared/scan';
import { judgeScan, type RuleTicket } from '@guichet/shared/scan-rules';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { countScans } from '../../observability/process-metrics';
import { admitMember } from '../../plugins/tenancy';
import { signingKey, verifySecret } from '../orders/ticket-secrets';
import { Batcher } from './batcher';
import type { HeadcountHub } from './headcount';
import { type Known, KnownScans, knownState } from './known';
import * as repository from './redeem.repository';

/**
 * Online redeem: one read (lists and ticket), the verdict in memory with the shared rules, then one write
 * whose guarded presence change decides exactly once. Validity (ticket, list, window, status) is judged
 * before presence, so a cancelled ticket is `cancelled` even when it was already used. When the scanner's
 * scope and the ticket are already known (./known.ts), the read is skipped and the write itself checks that
 * they are still current, or the scan is read and judged again. Scans that arrive together share their
 * read and their write (`RedeemBatches`): at the doors' busiest, one round trip and one commit serve
 * dozens of scans.
 */

const NONCE_INDEX = 'checkin_log_organization_nonce_idx';

/** A ticket admits only while it is valid and its order paid; a cancelled or expired order cancels it. */
export function admissionStatus(ticketStatus: string, orderStatus: string): AdmissionStatus {
  if (ticketStatus === 'refunded') return 'refunded';
  if (ticketStatus === 'cancelled' || orderStatus === 'cancelled' || orderStatus === 'expired') {
    return 'cancelled';
  }
  if (orderStatus === 'reserved' || orderStatus === 'pending_payment') return 'unpaid';
  return 'valid';
}

export function scannedTicket(ticket: repository.RedeemTicketRow): ScannedTicket {
  return {
    id: ticket.id,
    attendeeName: ticket.attendeeName,
    ticketTypeId: ticket.ticketTypeId,
    ticketTypeName: ticket.ticketTypeName,
    orderCode: ticket.orderCode,
  };
}

export interface Scanner {
  organizationId: string;
  staffId: string;
  permissions: readonly string[];
}

/**
 * Whether a secret the database does not know is a forgery or an unknown ticket. Only refusals pay for
 * the signature check: a secret found in the organisation's tickets was issued by it.
 */
async function unknownOrInvalid(ctx: AppContext, organizationId: string, secret: string | undefined) {
  if (!secret) return 'unknown' as const;
  const key = await signingKey(ctx.db, ctx.config.jwtSecret, organizationId);
  return verifySecret(key.publicKey, secret) ? ('unknown' as const) : ('invalid' as const);
}

/** Who scans: the organisation named by the request and the signed-in staff member. */
export interface Caller {
  organizationId: string;
  staffId: string;
  /** The access token's session generation, checked with the membership. */
  sessionGeneration: number;
  /**
   * Called once the caller is known to be a member allowed to scan, before anything is recorded: the
   * per-device rate limit counts here, so calls from outside the organisation never use it up.
   */
  admitted?: () => Promise<void>;
  /**
   * Set for an organisation's API token (door hardware, decision 034), admitted by the route's guard:
   * its permissions stand for the membership, and its scans skip the known-scan path, whose write
   * re-checks a staff member's membership.
   */
  tokenPermissions?: readonly string[];
}

/** The reads and writes of scans in flight, grouped (see batcher.ts); one per app. */
export class RedeemBatches {
  readonly reads: Batcher<repository.ReadRequest, repository.RedeemRead>;
  readonly writes: Batcher<repository.ScanWrite, boolean | null>;
  readonly known: KnownScans;

  constructor(db: Database) {
    this.known = new KnownScans(db);
    this.reads = new Batcher((requests) => repository.readForRedeem(db, requests), BATCHES);
    this.writes = new Batcher((scans) => repository.writeScans(db, scans), {
      ...BATCHES,
      keyOf: ({ change, log }) => (change ? `${log.organizationId}:${log.listId}:${log.ticketId}` : null),
    });
  }
}

// Two batches of each kind in flight keep the database busy while the next batch gathers; more would
// only make smaller batches.
const BATCHES = { maxInFlight: 2, maxSize: 100 };

export async function redeem(
  ctx: AppContext,
  hub: HeadcountHub,
  batches: RedeemBatches,
  caller: Caller,
  body: z.output<typeof redeemRequestSchema>,
): Promise<RedeemAnswer> {
  const { organizationId, staffId, sessionGeneration } = caller;
  const listIds = [...new Set(body.listIds)];
  if (caller.admitted) caller = { ...caller, admitted: once(caller.admitted) };
  const known =
    body.secret && !caller.tokenPermissions
      ? batches.known.lookup(staffId, organizationId, listIds, body.secret)
      : null;
  if (known) {
    const read: repository.RedeemRead = {
      membership: { accountFound: true, permissions: [...known.scope.permissions], twoFactorMissing: false },
      lists: known.scope.lists,
      ticket: known.ticket,
    };
    const answer = await judgeAndRecord(ctx, hub, batches, caller, body, listIds, read, known);
    if (answer) return counted(answer);
    batches.known.forget(staffId, organizationId, listIds, known.secret);
  }
  const read = await batches.reads.submit({
    organizationId,
    staffId,
    sessionGeneration,
    listIds,
    ticket: body.ticketId ? { ticketId: body.ticketId } : { secret: body.secret ?? '' },
  });
  const answer = await judgeAndRecord(ctx, hub, batches, caller, body, listIds, read, null);
  if (!answer) throw new Error('a scan judged from what it read was not recorded');
  return counted(answer);
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => {
    done ??= action();
    return done;
  };
}

function counted(answer: RedeemAnswer): RedeemAnswer {
  countScans(answer.result);
  return answer;
}

/**
 * The verdict on what was read (or known) and its write. Null only for a scan judged from known state
 * that the write found out of date: nothing was recorded, and the caller reads and judges it again.
 */
async function judgeAndRecord(
  ctx: AppContext,
  hub: HeadcountHub,
  batches: RedeemBatches,
  caller: Caller,
  body: z.output<typeof redeemRequestSchema>,
  listIds: string[],
  read: repository.RedeemRead,
  known: Known | null,
): Promise<RedeemAnswer | null> {
  const { organizationId } = caller;
  // The organisation scope's rule, on the membership read with the ticket (or known, and checked again by
  // the write): the route's guard checked only the token and the header.
  const scanner: Scanner = {
    ...caller,
    permissions: caller.tokenPermissions
      ? [...caller.tokenPermissions]
      : admitMember(read.membership, API_ACCESS['scan.redeem']),
  };
  await caller.admitted?.();
  if (body.ticketId && !canCallApi('checkins.byHand', scanner.permissions)) {
    throw new AppError('forbidden', 'Checking a ticket in by hand needs the Events permission.');
  }
  if (read.lists.length !== listIds.length) {
    throw new AppError('not-found', 'No such check-in list in this organisation.');
  }
  const eventId = read.lists[0]?.eventId ?? '';
  if (read.lists.some((list) => list.eventId !== eventId)) {
    throw new AppError('lists-of-several-events', 'Choose check-in lists of one event only.');
  }
  const lists = listIds.map((id) => read.lists.find((list) => list.id === id) as repository.RedeemListRow);
  if (!known && body.secret && !caller.tokenPermissions) {
    const scope = { permissions: scanner.permissions, lists };
    const ticket = read.ticket && { secret: body.secret, row: read.ticket };
    batches.known.remember(caller.staffId, organizationId, listIds, scope, ticket);
  }
  const recordedAt = new Date();
  const at = body.offline ? Date.parse(body.scannedAt) : recordedAt.getTime();
  const ticket = read.ticket;
  const ruleTicket: RuleTicket | null = ticket && {
    eventId: ticket.eventId,
    ticketTypeId: ticket.ticketTypeId,
    status: admissionStatus(ticket.ticketStatus, ticket.orderStatus),
  };
  // Presence is left to the database's guarded write: a state that admits either way lets validity alone decide.
  const verdict = judgeScan({
    eventId,
    lists,
    ticket: ruleTicket,
    direction: body.direction,
    at,
    presenceOf: () => (body.direction === 'exit' ? 'inside' : 'never'),
  });
  const judging = verdict.listId ? lists.find((list) => list.id === verdict.listId) : undefined;
  const log: repository.LogValues = {
    id: uuidv7(recordedAt.getTime()),
    organizationId,
    eventId,
    listId: judging?.id ?? lists[0]?.id ?? '',
    ticketId: ticket?.id ?? null,
    direction: body.direction,
    deviceId: body.deviceId,
    nonce: body.nonce,
    staffId: scanner.staffId,
    scannedAt: new Date(body.scannedAt),
    recordedAt,
    offline: body.offline ?? false,
  };
  const listRef = judging ? { id: judging.id, name: judging.name } : null;
  // `wrong-event` shows nothing of the ticket either: it is another event's business.
  const shown = ticket && verdict.result === 'ok' ? scannedTicket(ticket) : null;
  const refused = (
    reason: RefusalReason,
    revealed: ScannedTicket | null,
  ): Extract<RedeemAnswer, { result: 'refused' }> => ({
    result: 'refused',
    checkinId: log.id,
    reason,
    direction: body.direction,
    list: listRef,
    ticket: revealed,
    alreadyUsed: null,
    at: recordedAt.toISOString(),
  });

  const checked = known ? { known: knownState(known, caller.sessionGeneration) } : {};
  try {
    if (verdict.result === 'refused' || !ticket || !judging) {
      let reason = verdict.result === 'refused' ? verdict.reason : 'unknown';
      if (reason === 'unknown') reason = await unknownOrInvalid(ctx, organizationId, body.secret);
      const revealed = ticket && judging ? scannedTicket(ticket) : null;
      const answer = refused(reason, revealed);
      const recorded = await batches.writes.submit({
        log,
        change: false,
        ticketTypeId: null,
        refusal: reason,
        answer,
        ...checked,
      });
      return recorded === null ? null : answer;
    }
    const okAnswer: Extract<RedeemAnswer, { result: 'ok' }> = {
      result: 'ok',
      checkinId: log.id,
      direction: body.direction,
      list: { id: judging.id, name: judging.name },
      ticket: shown ?? scannedTicket(ticket),
      at: recordedAt.toISOString(),
    };
    const presenceReason = body.direction === 'entry' ? 'already-used' : 'not-inside';
    const admitted = await batches.writes.submit({
      log: { ...log, ticketId: ticket.id },
      change: true,
      ticketTypeId: ticket.ticketTypeId,
      refusal: presenceReason,
      answer: okAnswer,
      ...checked,
    });
    if (admitted === null) return null;
    if (admitted) {
      hub.changed(organizationId, eventId);
      return okAnswer;
    }
    const refusedAnswer = repository.refusedByPresence(okAnswer, presenceReason);
    // Refused by presence: say when and where the ticket was last let through, and keep that answer.
    const last = await repository.lastAdmission(ctx.db, organizationId, judging.id, ticket.id);
    if (presenceReason === 'already-used' && last?.lastAt) {
      const answer: RedeemAnswer = {
        ...refusedAnswer,
        alreadyUsed: {
          at: last.lastAt.toISOString(),
          listId: judging.id,
          listName: judging.name,
          deviceId: last.lastDeviceId ?? '',
        },
      };
      await repository.storeAnswer(ctx.db, organizationId, log.id, answer);
      return answer;
    }
    return refusedAnswer;
  } catch (error) {
    if (!repository.isUniqueViolation(error, NONCE_INDEX)) throw error;
    // The same scan sent again: its first answer, and nothing new recorded.
    const first = await repository.answerOfNonce(ctx.db, organizationId, body.nonce);
    if (!first) throw error;
    return first;
  }
}
