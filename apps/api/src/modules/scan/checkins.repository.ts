import type { Queryable } from '@guichet/db/client';
import { ticketTypes } from '@guichet/db/schema/events';
import { staff } from '@guichet/db/schema/identity';
import { orders, tickets } from '@guichet/db/schema/orders';
import { checkinConflicts, checkinLists, checkinLog, checkinPresence } from '@guichet/db/schema/scan';
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterId } from '../../cursor';

// The check-in log, presence, conflicts and the reads behind sync, undo and the back office. Every
// function takes the organisation id and uses it in its WHERE.

export type LogRow = typeof checkinLog.$inferSelect;
export type PresenceRow = typeof checkinPresence.$inferSelect;
export type ConflictRow = typeof checkinConflicts.$inferSelect;

export const ticketColumns = {
  id: tickets.id,
  eventId: tickets.eventId,
  ticketTypeId: tickets.ticketTypeId,
  ticketStatus: tickets.status,
  orderStatus: orders.status,
  orderCode: orders.code,
  attendeeName: sql<string | null>`coalesce(${tickets.attendeeName}, ${orders.buyerName})`,
  ticketTypeName: ticketTypes.name,
};

/** Tickets with what a scan shows of them, by secret (sync) or id. */
export async function ticketsBy(
  db: Queryable,
  organizationId: string,
  by: { secrets: string[] } | { ids: string[] },
) {
  if (('secrets' in by ? by.secrets : by.ids).length === 0) return [];
  return db
    .select({ ...ticketColumns, secret: tickets.secret })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(
      and(
        eq(tickets.organizationId, organizationId),
        'secrets' in by ? inArray(tickets.secret, by.secrets) : inArray(tickets.id, by.ids),
      ),
    );
}

/** Inserts scans; those whose nonce is already recorded are skipped. Answers the ids inserted. */
export async function insertScans(db: Queryable, rows: (typeof checkinLog.$inferInsert)[]) {
  if (rows.length === 0) return new Set<string>();
  const inserted = await db
    .insert(checkinLog)
    .values(rows)
    .onConflictDoNothing({ target: [checkinLog.organizationId, checkinLog.nonce] })
    .returning({ id: checkinLog.id });
  return new Set(inserted.map((row) => row.id));
}

export async function logByNonces(db: Queryable, organizationId: string, nonces: string[]) {
  if (nonces.length === 0) return [];
  return db
    .select()
    .from(checkinLog)
    .where(and(eq(checkinLog.organizationId, organizationId), inArray(checkinLog.nonce, nonces)));
}

/**
 * The ticket's presence row on the list, created as `never` if missing, and locked until the transaction
 * ends: online redeems of the ticket wait behind a replay, and two replays of one ticket run one by one.
 */
export async function lockPresence(
  db: Queryable,
  key: { organizationId: string; listId: string; ticketId: string; eventId: string; ticketTypeId: string },
): Promise<PresenceRow> {
  await db
    .insert(checkinPresence)
    .values({ ...key, state: 'never', entries: 0 })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(checkinPresence)
    .where(
      and(
        eq(checkinPresence.organizationId, key.organizationId),
        eq(checkinPresence.listId, key.listId),
        eq(checkinPresence.ticketId, key.ticketId),
      ),
    )
    .for('update');
  if (!row) throw new Error('presence row vanished');
  return row;
}

export async function savePresence(
  db: Queryable,
  organizationId: string,
  listId: string,
  ticketId: string,
  values: Pick<PresenceRow, 'state' | 'entries' | 'lastAt' | 'lastDeviceId'>,
) {
  await db
    .update(checkinPresence)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(checkinPresence.organizationId, organizationId),
        eq(checkinPresence.listId, listId),
        eq(checkinPresence.ticketId, ticketId),
      ),
    );
}

/** A ticket's scans on a list that still count, in replay order (scan time, then nonce: never upload order). */
export async function ticketScans(db: Queryable, organizationId: string, listId: string, ticketId: string) {
  return db
    .select()
    .from(checkinLog)
    .where(
      and(
        eq(checkinLog.organizationId, organizationId),
        eq(checkinLog.ticketId, ticketId),
        eq(checkinLog.listId, listId),
        sql`${checkinLog.undoneAt} is null`,
      ),
    )
    .orderBy(asc(checkinLog.orderAt), asc(checkinLog.nonce));
}

export async function updateVerdict(
  db: Queryable,
  organizationId: string,
  id: string,
  values: Pick<LogRow, 'result' | 'reason' | 'answer'>,
) {
  await db
    .update(checkinLog)
    .set(values)
    .where(and(eq(checkinLog.organizationId, organizationId), eq(checkinLog.id, id)));
}

export async function ticketConflicts(
  db: Queryable,
  organizationId: string,
  listId: string,
  ticketId: string,
) {
  return db
    .select()
    .from(checkinConflicts)
    .where(
      and(
        eq(checkinConflicts.organizationId, organizationId),
        eq(checkinConflicts.ticketId, ticketId),
        eq(checkinConflicts.listId, listId),
      ),
    );
}

export async function insertConflicts(db: Queryable, rows: (typeof checkinConflicts.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(checkinConflicts).values(rows).onConflictDoNothing();
}

export async function deleteConflicts(db: Queryable, organizationId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .delete(checkinConflicts)
    .where(and(eq(checkinConflicts.organizationId, organizationId), inArray(checkinConflicts.id, ids)));
}

export async function lockLogEntry(db: Queryable, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(checkinLog)
    .where(and(eq(checkinLog.organizationId, organizationId), eq(checkinLog.id, id)))
    .for('update');
  return row;
}

export async function markUndone(
  db: Queryable,
  organizationId: string,
  id: string,
  staffId: string,
  reason: string | null,
) {
  await db
    .update(checkinLog)
    .set({ undoneAt: new Date(), undoneBy: staffId, undoReason: reason })
    .where(and(eq(checkinLog.organizationId, organizationId), eq(checkinLog.id, id)));
}

export async function listTypesOf(db: Queryable, organizationId: string, listId: string) {
  const [row] = await db
    .select({
      id: checkinLists.id,
      name: checkinLists.name,
      eventId: checkinLists.eventId,
      allowReentry: checkinLists.allowReentry,
      allowMultipleEntries: checkinLists.allowMultipleEntries,
    })
    .from(checkinLists)
    .where(and(eq(checkinLists.organizationId, organizationId), eq(checkinLists.id, listId)));
  return row;
}

const undoer = alias(staff, 'undoer');

/** Log entries with the names of who scanned and who undid, and the list's name. */
export function entrySelect(db: Queryable) {
  return db
    .select({
      log: checkinLog,
      listName: checkinLists.name,
      staffName: staff.displayName,
      undoneByName: undoer.displayName,
    })
    .from(checkinLog)
    .innerJoin(checkinLists, eq(checkinLists.id, checkinLog.listId))
    .leftJoin(staff, eq(staff.id, checkinLog.staffId))
    .leftJoin(undoer, eq(undoer.id, checkinLog.undoneBy));
}

export async function entriesByIds(db: Queryable, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return entrySelect(db).where(
    and(eq(checkinLog.organizationId, organizationId), inArray(checkinLog.id, ids)),
  );
}

export async function logPage(
  db: Queryable,
  organizationId: string,
  eventId: string,
  query: {
    limit: number;
    cursor?: string | undefined;
    ticketId?: string | undefined;
    listId?: string | undefined;
  },
) {
  const rows = await entrySelect(db)
    .where(
      and(
        eq(checkinLog.organizationId, organizationId),
        eq(checkinLog.eventId, eventId),
        query.cursor ? lt(checkinLog.id, query.cursor) : undefined,
        query.ticketId ? eq(checkinLog.ticketId, query.ticketId) : undefined,
        query.listId ? eq(checkinLog.listId, query.listId) : undefined,
      ),
    )
    .orderBy(desc(checkinLog.id))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  return { rows: page, nextCursor: more ? (page.at(-1)?.log.id ?? null) : null };
}

export async function eventConflicts(
  db: Queryable,
  organizationId: string,
  eventId: string,
  query: { status: 'open' | 'resolved' | 'all'; limit: number; cursor?: string },
) {
  return db
    .select()
    .from(checkinConflicts)
    .where(
      and(
        eq(checkinConflicts.organizationId, organizationId),
        eq(checkinConflicts.eventId, eventId),
        query.status === 'all' ? undefined : eq(checkinConflicts.status, query.status),
        afterId(query.cursor, checkinConflicts.id, true),
      ),
    )
    .orderBy(desc(checkinConflicts.id))
    .limit(query.limit + 1);
}

export async function conflictsByIds(db: Queryable, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(checkinConflicts)
    .where(and(eq(checkinConflicts.organizationId, organizationId), inArray(checkinConflicts.id, ids)));
}

/** Open conflicts that name any of these check-ins. */
export async function openConflictsOf(db: Queryable, organizationId: string, checkinIds: string[]) {
  if (checkinIds.length === 0) return [];
  return db
    .select()
    .from(checkinConflicts)
    .where(
      and(
        eq(checkinConflicts.organizationId, organizationId),
        eq(checkinConflicts.status, 'open'),
        or(
          inArray(checkinConflicts.firstCheckinId, checkinIds),
          inArray(checkinConflicts.secondCheckinId, checkinIds),
        ),
      ),
    );
}

export async function lockConflict(db: Queryable, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(checkinConflicts)
    .where(and(eq(checkinConflicts.organizationId, organizationId), eq(checkinConflicts.id, id)))
    .for('update');
  return row;
}

export async function resolveConflict(
  db: Queryable,
  organizationId: string,
  id: string,
  staffId: string,
  note: string | null,
) {
  await db
    .update(checkinConflicts)
    .set({ status: 'resolved', resolvedAt: new Date(), resolvedBy: staffId, resolutionNote: note })
    .where(and(eq(checkinConflicts.organizationId, organizationId), eq(checkinConflicts.id, id)));
}

export async function staffName(db: Queryable, staffId: string | null) {
  if (!staffId) return null;
  const [row] = await db.select({ name: staff.displayName }).from(staff).where(eq(staff.id, staffId));
  return row?.name ?? null;
}

/** Presence rows of some tickets on some lists (snapshot, search). */
export async function presenceOf(
  db: Queryable,
  organizationId: string,
  listIds: string[],
  ticketIds?: string[],
) {
  if (listIds.length === 0 || ticketIds?.length === 0) return [];
  return db
    .select()
    .from(checkinPresence)
    .where(
      and(
        eq(checkinPresence.organizationId, organizationId),
        inArray(checkinPresence.listId, listIds),
        ticketIds ? inArray(checkinPresence.ticketId, ticketIds) : undefined,
        sql`${checkinPresence.state} <> 'never'`,
      ),
    );
}
