import type { Queryable } from '@guichet/db/client';
import type { Page } from '@guichet/shared/paging';
import type {
  AttendeeResult,
  CheckinEntry,
  CheckinLogPage,
  Conflict,
  checkinLogQuerySchema,
  OfflineSnapshot,
  Presence,
  RefusalReason,
  ResolveConflictBody,
  UndoAnswer,
} from '@guichet/shared/scan';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { keysetPage } from '../../cursor';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { signingKey } from '../orders/ticket-secrets';
import * as repository from './checkins.repository';
import type { HeadcountHub } from './headcount';
import * as lists from './lists.repository';
import { listView, scanLists } from './lists.service';
import { admissionStatus, scannedTicket } from './redeem.service';
import { replay } from './replay';

/** Undo, conflicts, the check-in log, the offline snapshot and attendee search. */

const notFound = (what = 'check-in') => new AppError('not-found', `No such ${what} in this organisation.`);

type EntryRow = Awaited<ReturnType<typeof repository.entriesByIds>>[number];

export function entryView(row: EntryRow): CheckinEntry {
  const { log } = row;
  return {
    id: log.id,
    listId: log.listId,
    listName: row.listName,
    ticketId: log.ticketId,
    direction: log.direction,
    result: log.result,
    reason: (log.reason as RefusalReason | null) ?? null,
    deviceId: log.deviceId,
    staffName: row.staffName,
    scannedAt: log.scannedAt.toISOString(),
    recordedAt: log.recordedAt.toISOString(),
    offline: log.offline,
    undoneAt: log.undoneAt?.toISOString() ?? null,
    undoneByName: row.undoneByName,
  };
}

function presenceView(row: repository.PresenceRow): Presence {
  return {
    listId: row.listId,
    state: row.state,
    entries: row.entries,
    lastAt: row.lastAt?.toISOString() ?? null,
    lastDeviceId: row.lastDeviceId,
  };
}

async function eventOf(db: Queryable, organizationId: string, eventId: string) {
  const event = await lists.findEvent(db, organizationId, eventId);
  if (!event) throw notFound('event');
  return event;
}

export async function requireEvent(ctx: AppContext, organizationId: string, eventId: string) {
  await eventOf(ctx.db, organizationId, eventId);
}

/** Marks an admission as not counting and replays its ticket on its list (inside the caller's transaction). */
async function undoInside(
  db: Queryable,
  organizationId: string,
  staffId: string,
  id: string,
  reason: string | null,
) {
  const entry = await repository.lockLogEntry(db, organizationId, id);
  if (!entry) throw notFound();
  if (entry.undoneAt) throw new AppError('checkin-already-undone', 'This check-in was already undone.');
  if (!entry.admitted || !entry.ticketId) {
    throw new AppError('argument-error', 'Only a scan that let someone through can be undone.');
  }
  const list = await repository.listTypesOf(db, organizationId, entry.listId);
  const [ticket] = await repository.ticketsBy(db, organizationId, { ids: [entry.ticketId] });
  if (!list || !ticket) throw notFound();
  await repository.markUndone(db, organizationId, id, staffId, reason);
  const replayed = await replay(db, organizationId, list, {
    id: ticket.id,
    ticketTypeId: ticket.ticketTypeId,
    view: scannedTicket(ticket),
  });
  const [after] = await repository.entriesByIds(db, organizationId, [id]);
  if (!after) throw notFound();
  await recordAudit(db, {
    organizationId,
    actorStaffId: staffId,
    action: 'checkin.undone',
    targetType: 'checkin',
    targetId: id,
    before: { direction: entry.direction, ticketId: entry.ticketId, listId: entry.listId, undoneAt: null },
    after: { undoneAt: after.log.undoneAt?.toISOString() ?? null, reason },
  });
  return { checkin: entryView(after), presence: replayed.presence, eventId: entry.eventId };
}

export async function undo(
  ctx: AppContext,
  hub: HeadcountHub,
  organizationId: string,
  staffId: string,
  checkinId: string,
  reason: string | undefined,
): Promise<UndoAnswer> {
  const result = await ctx.db.transaction((tx) =>
    undoInside(tx, organizationId, staffId, checkinId, reason ?? null),
  );
  hub.changed(organizationId, result.eventId);
  return { checkin: result.checkin, presence: result.presence };
}

async function conflictViews(db: Queryable, organizationId: string, rows: repository.ConflictRow[]) {
  if (rows.length === 0) return [];
  const entries = await repository.entriesByIds(
    db,
    organizationId,
    rows.flatMap((row) =>
      row.firstCheckinId ? [row.firstCheckinId, row.secondCheckinId] : [row.secondCheckinId],
    ),
  );
  const tickets = await repository.ticketsBy(db, organizationId, {
    ids: [...new Set(rows.map((row) => row.ticketId))],
  });
  const resolvers = new Map<string, string | null>();
  for (const id of new Set(rows.map((row) => row.resolvedBy))) {
    if (id) resolvers.set(id, await repository.staffName(db, id));
  }
  const views: Conflict[] = [];
  for (const row of rows) {
    const first = row.firstCheckinId ? entries.find((entry) => entry.log.id === row.firstCheckinId) : null;
    const second = entries.find((entry) => entry.log.id === row.secondCheckinId);
    const ticket = tickets.find((candidate) => candidate.id === row.ticketId);
    if (first === undefined || !second || !ticket) continue;
    views.push({
      id: row.id,
      eventId: row.eventId,
      kind: row.kind,
      list: { id: row.listId, name: second.listName },
      ticket: scannedTicket(ticket),
      first: first ? entryView(first) : null,
      second: entryView(second),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      resolvedByName: row.resolvedBy ? (resolvers.get(row.resolvedBy) ?? null) : null,
      resolutionNote: row.resolutionNote,
    });
  }
  return views;
}

export async function listConflicts(
  ctx: AppContext,
  organizationId: string,
  eventId: string,
  query: { status: 'open' | 'resolved' | 'all'; limit: number; cursor?: string },
): Promise<Page<Conflict>> {
  await eventOf(ctx.db, organizationId, eventId);
  const rows = await repository.eventConflicts(ctx.db, organizationId, eventId, query);
  const page = keysetPage(rows, query.limit, (row) => ['', row.id]);
  return { items: await conflictViews(ctx.db, organizationId, page.items), nextCursor: page.nextCursor };
}

export async function resolveConflict(
  ctx: AppContext,
  hub: HeadcountHub,
  organizationId: string,
  staffId: string,
  conflictId: string,
  body: ResolveConflictBody,
): Promise<Conflict> {
  const view = await ctx.db.transaction(async (tx) => {
    const conflict = await repository.lockConflict(tx, organizationId, conflictId);
    if (!conflict) throw notFound('conflict');
    if (conflict.status === 'resolved') {
      throw new AppError('conflict-already-resolved', 'This conflict was already resolved.');
    }
    const undoId = body.undoCheckinId;
    if (undoId && undoId !== conflict.firstCheckinId && undoId !== conflict.secondCheckinId) {
      throw new AppError('argument-error', 'Only one of the conflict’s two check-ins can be undone here.');
    }
    const note = body.note?.trim() || null;
    // Resolved before the undo: the replay the undo runs keeps resolved conflicts as they are.
    await repository.resolveConflict(tx, organizationId, conflictId, staffId, note);
    if (undoId) await undoInside(tx, organizationId, staffId, undoId, note);
    await recordAudit(tx, {
      organizationId,
      actorStaffId: staffId,
      action: 'checkin-conflict.resolved',
      targetType: 'checkin-conflict',
      targetId: conflictId,
      before: { status: 'open' },
      after: { status: 'resolved', note, undoneCheckinId: undoId ?? null },
    });
    const [after] = await repository.conflictsByIds(tx, organizationId, [conflictId]);
    const [resolved] = await conflictViews(tx, organizationId, after ? [after] : []);
    if (!resolved) throw notFound('conflict');
    return resolved;
  });
  hub.changed(organizationId, view.eventId);
  return view;
}

export async function logPage(
  ctx: AppContext,
  organizationId: string,
  eventId: string,
  query: z.output<typeof checkinLogQuerySchema>,
): Promise<CheckinLogPage> {
  await eventOf(ctx.db, organizationId, eventId);
  const page = await repository.logPage(ctx.db, organizationId, eventId, query);
  const ticketIds = [...new Set(page.rows.flatMap((row) => (row.log.ticketId ? [row.log.ticketId] : [])))];
  const tickets = await repository.ticketsBy(ctx.db, organizationId, { ids: ticketIds });
  return {
    items: page.rows.map((row) => {
      const ticket = tickets.find((candidate) => candidate.id === row.log.ticketId);
      return { ...entryView(row), ticket: ticket ? scannedTicket(ticket) : null };
    }),
    nextCursor: page.nextCursor,
  };
}

/**
 * What a scanner downloads before the doors open: the key that verifies secrets, the lists, and every
 * ticket of the event with its admission status and presence. Names and order codes only, whoever asks.
 */
export async function snapshot(
  ctx: AppContext,
  organizationId: string,
  listIds: string[],
): Promise<OfflineSnapshot> {
  const generatedAt = new Date().toISOString();
  const { eventId, lists: scanned } = await scanLists(ctx.db, organizationId, listIds);
  const [key, types, tickets, presence] = await Promise.all([
    signingKey(ctx.db, ctx.config.jwtSecret, organizationId),
    lists.eventTicketTypes(ctx.db, organizationId, eventId),
    lists.eventTickets(ctx.db, organizationId, eventId),
    repository.presenceOf(
      ctx.db,
      organizationId,
      scanned.map((list) => list.id),
    ),
  ]);
  const presenceByTicket = new Map<string, Presence[]>();
  for (const row of presence) {
    const list = presenceByTicket.get(row.ticketId) ?? [];
    list.push(presenceView(row));
    presenceByTicket.set(row.ticketId, list);
  }
  return {
    organizationId,
    eventId,
    publicKey: key.publicKey,
    lists: scanned.map(listView),
    ticketTypes: types,
    tickets: tickets.map((ticket) => ({
      id: ticket.id,
      status: admissionStatus(ticket.ticketStatus, ticket.orderStatus),
      ticketTypeId: ticket.ticketTypeId,
      attendeeName: ticket.attendeeName,
      orderCode: ticket.orderCode,
      shortCode: ticket.shortCode,
      presence: presenceByTicket.get(ticket.id) ?? [],
    })),
    generatedAt,
  };
}

export async function searchAttendees(
  ctx: AppContext,
  organizationId: string,
  eventId: string,
  query: { q: string; limit: number; cursor?: string },
): Promise<Page<AttendeeResult>> {
  await eventOf(ctx.db, organizationId, eventId);
  const page = keysetPage(
    await lists.searchTickets(ctx.db, organizationId, eventId, query),
    query.limit,
    (row) => [row.buyerName, row.id],
  );
  const rows = page.items;
  const eventListIds = (await lists.eventLists(ctx.db, organizationId, [eventId])).map((list) => list.id);
  const presence = await repository.presenceOf(
    ctx.db,
    organizationId,
    eventListIds,
    rows.map((row) => row.id),
  );
  return {
    nextCursor: page.nextCursor,
    items: rows.map((row) => ({
      id: row.id,
      attendeeName: row.attendeeName,
      ticketTypeId: row.ticketTypeId,
      ticketTypeName: row.ticketTypeName,
      orderCode: row.orderCode,
      buyerName: row.buyerName,
      status: admissionStatus(row.ticketStatus, row.orderStatus),
      presence: presence.filter((entry) => entry.ticketId === row.id).map(presenceView),
    })),
  };
}
