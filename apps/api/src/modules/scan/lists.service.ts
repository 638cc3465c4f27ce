import type { Queryable } from '@guichet/db/client';
import type { Page } from '@guichet/shared/paging';
import { canCallApi } from '@guichet/shared/permissions';
import type {
  CheckinList,
  createCheckinListBodySchema,
  ScanEvent,
  ScanOrganization,
  updateCheckinListBodySchema,
} from '@guichet/shared/scan';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { keysetPage } from '../../cursor';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './lists.repository';

/** Check-in lists (EVENT or ALL) and the scanner's discovery of organisations and events (SCAN too). */

const notFound = () => new AppError('not-found', 'No such event or check-in list in this organisation.');

export function listView(row: repository.ListWithTypes): CheckinList {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    allTicketTypes: row.allTicketTypes,
    ticketTypeIds: row.allTicketTypes ? [] : row.ticketTypeIds,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    allowReentry: row.allowReentry,
    allowMultipleEntries: row.allowMultipleEntries,
    capacityAlert: row.capacityAlert,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function eventOf(db: Queryable, organizationId: string, eventId: string) {
  const event = await repository.findEvent(db, organizationId, eventId);
  if (!event) throw notFound();
  return event;
}

/** Every type named must be one of the event's (another event's or organisation's id is not found). */
async function checkTypes(db: Queryable, organizationId: string, eventId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const known = new Set(
    (await repository.eventTicketTypes(db, organizationId, eventId)).map((type) => type.id),
  );
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new AppError('not-found', 'A ticket type is not one of this event’s.', {
      details: { ticketTypeIds: unknown },
    });
  }
}

export async function eventLists(
  ctx: AppContext,
  organizationId: string,
  eventId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<CheckinList>> {
  await eventOf(ctx.db, organizationId, eventId);
  const rows = await repository.eventListsPage(ctx.db, organizationId, eventId, query);
  const page = keysetPage(rows, query.limit, (row) => ['', row.id]);
  return { items: page.items.map(listView), nextCursor: page.nextCursor };
}

export async function createList(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
  eventId: string,
  body: z.output<typeof createCheckinListBodySchema>,
): Promise<CheckinList> {
  return ctx.db.transaction(async (tx) => {
    await eventOf(tx, organizationId, eventId);
    const typeIds = body.allTicketTypes ? [] : body.ticketTypeIds;
    await checkTypes(tx, organizationId, eventId, typeIds);
    const id = await repository.insertList(
      tx,
      {
        organizationId,
        eventId,
        name: body.name,
        allTicketTypes: body.allTicketTypes,
        startsAt: body.startsAt ? new Date(body.startsAt) : null,
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
        allowReentry: body.allowReentry,
        allowMultipleEntries: body.allowMultipleEntries,
        capacityAlert: body.capacityAlert,
      },
      typeIds,
    );
    const list = await repository.findList(tx, organizationId, id);
    if (!list) throw new Error('list vanished');
    const view = listView(list);
    await recordAudit(tx, {
      organizationId,
      actorStaffId: staffId,
      action: 'checkin-list.created',
      targetType: 'checkin-list',
      targetId: id,
      after: view,
    });
    return view;
  });
}

export async function updateList(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
  listId: string,
  body: z.output<typeof updateCheckinListBodySchema>,
): Promise<CheckinList> {
  return ctx.db.transaction(async (tx) => {
    const before = await repository.findList(tx, organizationId, listId);
    if (!before) throw notFound();
    const allTicketTypes = body.allTicketTypes ?? before.allTicketTypes;
    const typeIds = allTicketTypes ? [] : (body.ticketTypeIds ?? before.ticketTypeIds);
    if (!allTicketTypes && typeIds.length === 0) {
      throw new AppError('argument-error', 'Choose at least one ticket type.', {
        details: { field: 'ticketTypeIds' },
      });
    }
    await checkTypes(tx, organizationId, before.eventId, typeIds);
    const startsAt = body.startsAt !== undefined ? body.startsAt : before.startsAt?.toISOString();
    const endsAt = body.endsAt !== undefined ? body.endsAt : before.endsAt?.toISOString();
    if (startsAt && endsAt && Date.parse(startsAt) >= Date.parse(endsAt)) {
      throw new AppError('argument-error', 'The window must end after it starts.', {
        details: { field: 'endsAt' },
      });
    }
    await repository.updateList(
      tx,
      organizationId,
      listId,
      {
        name: body.name,
        allTicketTypes,
        startsAt: startsAt ? new Date(startsAt) : null,
        endsAt: endsAt ? new Date(endsAt) : null,
        allowReentry: body.allowReentry,
        allowMultipleEntries: body.allowMultipleEntries,
        capacityAlert: body.capacityAlert,
      },
      typeIds,
    );
    const after = await repository.findList(tx, organizationId, listId);
    if (!after) throw new Error('list vanished');
    const view = listView(after);
    await recordAudit(tx, {
      organizationId,
      actorStaffId: staffId,
      action: 'checkin-list.updated',
      targetType: 'checkin-list',
      targetId: listId,
      before: listView(before),
      after: view,
    });
    return view;
  });
}

export async function deleteList(ctx: AppContext, organizationId: string, staffId: string, listId: string) {
  await ctx.db.transaction(async (tx) => {
    const before = await repository.findList(tx, organizationId, listId);
    if (!before || !(await repository.deleteList(tx, organizationId, listId))) throw notFound();
    await recordAudit(tx, {
      organizationId,
      actorStaffId: staffId,
      action: 'checkin-list.deleted',
      targetType: 'checkin-list',
      targetId: listId,
      before: listView(before),
    });
  });
}

/**
 * The organisations the caller may scan in. SCAN-only staff are left out of the back office's
 * organisation selection, so this is how their scanner finds where they work.
 */
export async function scanOrganizations(
  ctx: AppContext,
  staffId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<ScanOrganization>> {
  // The statement keeps the memberships holding one of SCANNER_PERMISSIONS: scan.redeem's entry.
  const page = keysetPage(await repository.memberships(ctx.db, staffId, query), query.limit, (row) => [
    row.name,
    row.id,
  ]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      permissions: row.permissions,
      canManage: canCallApi('checkins.byHand', row.permissions),
    })),
  };
}

export async function scanEvents(
  ctx: AppContext,
  organizationId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<ScanEvent>> {
  const page = keysetPage(
    await repository.scannableEvents(ctx.db, organizationId, query),
    query.limit,
    (row) => [row.startsAt.toISOString(), row.id],
  );
  const rows = page.items;
  const lists = await repository.eventLists(
    ctx.db,
    organizationId,
    rows.map((row) => row.id),
  );
  return {
    nextCursor: page.nextCursor,
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      timeZone: row.timeZone,
      status: row.status,
      lists: lists
        .filter((list) => list.eventId === row.id)
        .map((list) => {
          const {
            capacityAlert: _alert,
            createdAt: _created,
            updatedAt: _updated,
            eventId: _event,
            ...rest
          } = listView(list);
          return rest;
        }),
    })),
  };
}

/** The lists a scan names, all of one event; unknown ids are not found. */
export async function scanLists(db: Queryable, organizationId: string, listIds: readonly string[]) {
  const unique = [...new Set(listIds)];
  const rows = await repository.listsByIds(db, organizationId, unique);
  if (rows.length !== unique.length) throw notFound();
  const eventId = rows[0]?.eventId;
  if (!eventId || rows.some((row) => row.eventId !== eventId)) {
    throw new AppError('lists-of-several-events', 'Choose check-in lists of one event only.');
  }
  // Keep the order the gate gave: the first list covering a ticket judges it.
  const ordered = unique.map((id) => rows.find((row) => row.id === id) as repository.ListWithTypes);
  return { eventId, lists: ordered };
}
