import { uuidv7 } from '@guichet/db/ids';
import type {
  RedeemAnswer,
  ScannedTicket,
  SyncResponse,
  SyncResult,
  syncRequestSchema,
} from '@guichet/shared/scan';
import { judgeScan } from '@guichet/shared/scan-rules';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { countScans } from '../../observability/process-metrics';
import { signingKey, verifySecret } from '../orders/ticket-secrets';
import * as repository from './checkins.repository';
import type { HeadcountHub } from './headcount';
import * as lists from './lists.repository';
import { admissionStatus, type Scanner, scannedTicket } from './redeem.service';
import { replay } from './replay';
import type { TypedCodes } from './typed-codes';

/**
 * Offline sync: every scan a device took without network is recorded with its nonce (sent twice, it is
 * recorded once), judged by the server at its scan time, and each ticket touched is replayed on its list
 * (./replay.ts) so presence and conflicts come out the same whatever order devices upload in. All in one
 * transaction: a failed sync records nothing and the device sends the same batch again.
 */

type Body = z.output<typeof syncRequestSchema>;
type Ticket = Awaited<ReturnType<typeof repository.ticketsBy>>[number];

/** Deadlocks and serialisation failures are retried: the batch is idempotent by its nonces. */
async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

export async function sync(
  ctx: AppContext,
  hub: HeadcountHub,
  scanner: Scanner,
  body: Body,
  typed: TypedCodes,
): Promise<SyncResponse> {
  const { organizationId } = scanner;
  // One scan per nonce (a queue may hold a duplicate); sorted so concurrent batches take locks in one order.
  const scans = [...new Map(body.scans.map((scan) => [scan.nonce, scan])).values()].sort((a, b) =>
    a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0,
  );
  const listIds = [...new Set(scans.flatMap((scan) => scan.listIds))];
  const listRows = await lists.listsByIds(ctx.db, organizationId, listIds);
  if (listRows.length !== listIds.length) {
    // Named, so a device can set aside the scans of a list deleted while it was offline.
    const known = new Set(listRows.map((list) => list.id));
    throw new AppError('not-found', 'No such check-in list in this organisation.', {
      details: { listIds: listIds.filter((id) => !known.has(id)) },
    });
  }
  const listById = new Map(listRows.map((list) => [list.id, list]));
  for (const scan of scans) {
    const eventIds = new Set(scan.listIds.map((id) => listById.get(id)?.eventId));
    if (eventIds.size !== 1)
      throw new AppError('lists-of-several-events', 'Choose check-in lists of one event only.');
  }
  // Short codes typed offline stand for their tickets' secrets.
  const secretOf = await typed.secretsOf(
    { organizationId, staffId: scanner.staffId, deviceId: body.deviceId },
    [...new Set(scans.map((scan) => scan.secret))],
    'offline',
  );
  const ticketRows = await repository.ticketsBy(ctx.db, organizationId, {
    secrets: [...new Set(secretOf.values())],
  });
  const bySecret = new Map(ticketRows.map((ticket) => [ticket.secret, ticket]));
  const key = await signingKey(ctx.db, ctx.config.jwtSecret, organizationId);
  const recordedAt = new Date();

  const rows = scans.map((scan) => {
    const scanLists = scan.listIds.map((id) => listById.get(id) as lists.ListWithTypes);
    const eventId = scanLists[0]?.eventId ?? '';
    const secret = secretOf.get(scan.secret) ?? scan.secret;
    const ticket = bySecret.get(secret) ?? null;
    const verdict = judgeScan({
      eventId,
      lists: scanLists.map((list) => ({
        ...list,
        startsAt: list.startsAt?.toISOString() ?? null,
        endsAt: list.endsAt?.toISOString() ?? null,
      })),
      ticket: ticket && {
        eventId: ticket.eventId,
        ticketTypeId: ticket.ticketTypeId,
        status: admissionStatus(ticket.ticketStatus, ticket.orderStatus),
      },
      direction: scan.direction,
      at: Date.parse(scan.scannedAt),
      // Presence is judged by the replay, at the scan's place among the ticket's scans; validity alone here.
      presenceOf: () => (scan.direction === 'exit' ? 'inside' : 'never'),
    });
    let reason = verdict.result === 'refused' ? verdict.reason : null;
    if (reason === 'unknown' && !verifySecret(key.publicKey, secret)) reason = 'invalid';
    const judging = verdict.listId ? (listById.get(verdict.listId) ?? null) : null;
    const id = uuidv7(recordedAt.getTime());
    const view = ticket && judging ? scannedTicket(ticket) : null;
    const answer: RedeemAnswer = reason
      ? {
          result: 'refused',
          checkinId: id,
          reason,
          direction: scan.direction,
          list: judging ? { id: judging.id, name: judging.name } : null,
          ticket: view,
          alreadyUsed: null,
          at: scan.scannedAt,
        }
      : {
          result: 'ok',
          checkinId: id,
          direction: scan.direction,
          list: { id: judging?.id ?? '', name: judging?.name ?? '' },
          ticket: view as ScannedTicket,
          at: scan.scannedAt,
        };
    return {
      scan,
      ticket,
      judging,
      values: {
        id,
        organizationId,
        eventId,
        listId: judging?.id ?? scanLists[0]?.id ?? '',
        ticketId: ticket?.id ?? null,
        direction: scan.direction,
        result: reason ? ('refused' as const) : ('ok' as const),
        reason,
        // What the door did: the person walked through on the device's word.
        admitted: scan.decision.result === 'ok',
        deviceId: body.deviceId,
        nonce: scan.nonce,
        staffId: scanner.staffId,
        scannedAt: new Date(scan.scannedAt),
        recordedAt,
        orderAt: new Date(scan.scannedAt),
        offline: true,
        answer,
      },
    };
  });

  const outcome = await retrying(() =>
    ctx.db.transaction(async (tx) => {
      const inserted = await repository.insertScans(
        tx,
        rows.map((row) => row.values),
      );
      // Each (list, ticket) once, in a fixed order, so concurrent syncs lock presence rows alike.
      const groups = new Map<string, { listId: string; ticket: Ticket }>();
      for (const row of rows) {
        // Only a list that covers the ticket holds its presence (not another event's, not a wrong list).
        if (!inserted.has(row.values.id) || !row.ticket || !row.judging) continue;
        const listId = row.values.listId;
        groups.set(`${listId}:${row.ticket.id}`, { listId, ticket: row.ticket });
      }
      for (const groupKey of [...groups.keys()].sort()) {
        const group = groups.get(groupKey);
        const list = group && listById.get(group.listId);
        if (!group || !list) continue;
        await replay(tx, organizationId, list, {
          id: group.ticket.id,
          ticketTypeId: group.ticket.ticketTypeId,
          view: scannedTicket(group.ticket),
        });
      }
      const logRows = await repository.logByNonces(
        tx,
        organizationId,
        rows.map((row) => row.scan.nonce),
      );
      return { inserted, logRows };
    }),
  );

  const byNonce = new Map(outcome.logRows.map((row) => [row.nonce, row]));
  const conflicts = await repository.openConflictsOf(
    ctx.db,
    organizationId,
    outcome.logRows.map((row) => row.id),
  );
  const results: SyncResult[] = body.scans.map((scan) => {
    const logRow = byNonce.get(scan.nonce);
    if (!logRow) throw new Error('synced scan missing from the log');
    return {
      nonce: scan.nonce,
      recorded: outcome.inserted.has(logRow.id),
      verdict: logRow.answer as RedeemAnswer,
      conflictIds: conflicts
        .filter((row) => row.firstCheckinId === logRow.id || row.secondCheckinId === logRow.id)
        .map((row) => row.id),
    };
  });
  for (const result of ['ok', 'refused'] as const) {
    countScans(
      result,
      rows.filter((row) => outcome.inserted.has(row.values.id) && row.values.result === result).length,
    );
  }
  for (const eventId of new Set(rows.map((row) => row.values.eventId))) hub.changed(organizationId, eventId);
  return { results, syncedAt: new Date().toISOString() };
}
