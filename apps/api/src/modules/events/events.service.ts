import type {
  CapacityPool,
  CreateEventBody,
  CreateTicketTypeBody,
  createEventBodySchema,
  createTicketTypeBodySchema,
  EventDetail,
  EventPage,
  EventStatus,
  EventSummary,
  listEventsQuerySchema,
  TicketType,
  UpdateEventBody,
  UpdateTicketTypeBody,
} from '@guichet/shared/events';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import type { Queryable } from '../mail/mail.repository';
import * as repository from './events.repository';
import { sanitizeHtml } from './sanitize-html';

type Detail = { path: string; message: string };

const notFound = () =>
  new AppError('not-found', 'No such event, ticket type or capacity pool in this organisation.');
const invalid = (details: Detail[]) =>
  new AppError('argument-error', details[0]?.message ?? 'The request is invalid.', { details });
const transition = (from: EventStatus, action: string) =>
  new AppError('invalid-status-transition', `A ${from} event cannot be ${action}.`, {
    details: { status: from },
  });

const num = (value: string | null) => (value === null ? null : Number(value));

function venueOf(row: repository.EventSummaryRow | repository.EventRow) {
  if (row.locationType !== 'venue') return null;
  return {
    name: row.venueName,
    address: row.venueAddress,
    latitude: num(row.latitude),
    longitude: num(row.longitude),
  };
}

function base(row: repository.EventSummaryRow | repository.EventRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    locationType: row.locationType,
    venue: venueOf(row),
    onlineUrl: row.locationType === 'online' ? row.onlineUrl : null,
  };
}

function toPool(row: repository.PoolRow): CapacityPool {
  const used = row.sold + row.held;
  return {
    id: row.id,
    name: row.name,
    capacity: row.capacity,
    sold: row.sold,
    held: row.held,
    used,
    left: row.capacity - used,
  };
}

function toTicketType(row: repository.TicketTypeRow, pools: Map<string, CapacityPool>): TicketType {
  const used = row.sold + row.held;
  const pool = row.poolId ? pools.get(row.poolId) : undefined;
  const left = Math.max(0, Math.min(row.capacity - used, pool ? pool.left : Number.POSITIVE_INFINITY));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceMinor: row.priceMinor,
    currency: row.currency,
    capacity: row.capacity,
    sold: row.sold,
    held: row.held,
    used,
    left,
    poolId: row.poolId,
    salesStart: row.salesStart?.toISOString() ?? null,
    salesEnd: row.salesEnd?.toISOString() ?? null,
    minPerOrder: row.minPerOrder,
    maxPerOrder: row.maxPerOrder,
    visibility: row.visibility,
    memberListId: row.memberListId,
    position: row.position,
  };
}

// Rules ------------------------------------------------------------------------------------------------------

interface EventState {
  startsAt: Date;
  endsAt: Date;
  locationType: 'venue' | 'online';
  venueName: string | null;
  venueAddress: string | null;
  latitude: number | null;
  longitude: number | null;
  onlineUrl: string | null;
}

/** The rules that span fields; each broken one names its field, as the form shows it next to it. */
function checkEvent(state: EventState, options: { isNew: boolean; now?: number }): void {
  const details: Detail[] = [];
  if (state.endsAt.getTime() <= state.startsAt.getTime()) {
    details.push({ path: 'body.endsAt', message: 'The end must be after the start.' });
  }
  if (options.isNew && state.startsAt.getTime() < (options.now ?? Date.now())) {
    details.push({ path: 'body.startsAt', message: 'A new event cannot start in the past.' });
  }
  if (state.locationType === 'venue') {
    if (!state.venueName)
      details.push({ path: 'body.venueName', message: 'An in-person event needs a venue.' });
    if ((state.latitude === null) !== (state.longitude === null)) {
      const path = state.latitude === null ? 'body.latitude' : 'body.longitude';
      details.push({ path, message: 'Give both coordinates or neither.' });
    }
  } else if (!state.onlineUrl) {
    details.push({ path: 'body.onlineUrl', message: 'An online event needs a link.' });
  }
  if (details.length > 0) throw invalid(details);
}

/** Keeps only the location fields of the chosen kind. */
function location(state: EventState) {
  const venue = state.locationType === 'venue';
  return {
    locationType: state.locationType,
    venueName: venue ? state.venueName : null,
    venueAddress: venue ? state.venueAddress : null,
    latitude: venue && state.latitude !== null ? String(state.latitude) : null,
    longitude: venue && state.longitude !== null ? String(state.longitude) : null,
    onlineUrl: venue ? null : state.onlineUrl,
  };
}

async function checkCover(db: Queryable, organizationId: string, coverFileId: string | null | undefined) {
  if (coverFileId && !(await repository.fileExists(db, organizationId, coverFileId))) {
    throw invalid([{ path: 'body.coverFileId', message: 'No such file in this organisation.' }]);
  }
}

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'event';
}

/** Call inside the transaction that inserts: the lock makes concurrent creations pick slugs one at a time. */
async function freeSlug(db: Queryable, organizationId: string, name: string): Promise<string> {
  await repository.lockSlugAllocation(db, organizationId);
  const wanted = slugify(name);
  const taken = await repository.slugsStartingWith(db, organizationId, wanted);
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n += 1) {
    const candidate = `${wanted}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const EDITABLE: readonly EventStatus[] = ['draft', 'published'];

async function lockEditable(db: Queryable, organizationId: string, eventId: string) {
  const event = await repository.findEvent(db, organizationId, eventId, { lock: true });
  if (!event) throw notFound();
  if (!EDITABLE.includes(event.status)) throw transition(event.status, 'edited');
  return event;
}

const auditEvent = (
  db: Queryable,
  organizationId: string,
  actor: string,
  eventId: string,
  action: string,
  before: unknown,
  after: unknown,
) =>
  recordAudit(db, {
    organizationId,
    actorStaffId: actor,
    action,
    targetType: 'event',
    targetId: eventId,
    before,
    after,
  });

// Reading ----------------------------------------------------------------------------------------------------

export async function listEvents(
  ctx: AppContext,
  organizationId: string,
  query: z.output<typeof listEventsQuerySchema>,
): Promise<EventPage> {
  const { rows, nextCursor } = await repository.listEvents(ctx.db, organizationId, query);
  const totals = await repository.ticketTotals(
    ctx.db,
    organizationId,
    rows.map((row) => row.id),
  );
  const items: EventSummary[] = rows.map((row) => {
    const total = totals.get(row.id);
    return {
      ...base(row),
      ticketTypeCount: total?.count ?? 0,
      capacity: total?.capacity ?? 0,
      sold: total?.sold ?? 0,
      held: total?.held ?? 0,
    };
  });
  return { items, nextCursor };
}

async function detail(
  db: Queryable,
  organizationId: string,
  event: repository.EventRow,
): Promise<EventDetail> {
  // One after the other: `db` may be a transaction, whose queries share one connection.
  const types = await repository.listTicketTypes(db, organizationId, event.id);
  const poolRows = await repository.listPools(db, organizationId, event.id);
  const currency = await repository.organizationCurrency(db, organizationId);
  const pools = poolRows.map(toPool);
  const byId = new Map(pools.map((pool) => [pool.id, pool]));
  return {
    ...base(event),
    description: event.description,
    cancelReason: event.cancelReason,
    coverFileId: event.coverFileId,
    currency,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
    ticketTypes: types.map((row) => toTicketType(row, byId)),
    capacityPools: pools,
  };
}

export async function getEvent(
  ctx: AppContext,
  organizationId: string,
  eventId: string,
): Promise<EventDetail> {
  const event = await repository.findEvent(ctx.db, organizationId, eventId);
  if (!event) throw notFound();
  return detail(ctx.db, organizationId, event);
}

// Events -----------------------------------------------------------------------------------------------------

export async function createEvent(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  body: z.output<typeof createEventBodySchema>,
): Promise<EventDetail> {
  const state: EventState = {
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
    locationType: body.locationType,
    venueName: body.venueName ?? null,
    venueAddress: body.venueAddress ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    onlineUrl: body.onlineUrl ?? null,
  };
  checkEvent(state, { isNew: true });
  return ctx.db.transaction(async (tx) => {
    await checkCover(tx, organizationId, body.coverFileId);
    const event = await repository.insertEvent(tx, {
      organizationId,
      slug: await freeSlug(tx, organizationId, body.name),
      name: body.name,
      description: sanitizeHtml(body.description),
      startsAt: state.startsAt,
      endsAt: state.endsAt,
      timeZone: body.timeZone,
      ...location(state),
      coverFileId: body.coverFileId ?? null,
      createdBy: actor,
    });
    await auditEvent(tx, organizationId, actor, event.id, 'event.created', null, {
      name: event.name,
      slug: event.slug,
    });
    return detail(tx, organizationId, event);
  });
}

const AUDITED_EVENT_FIELDS = [
  'name',
  'description',
  'startsAt',
  'endsAt',
  'timeZone',
  'locationType',
  'venueName',
  'venueAddress',
  'latitude',
  'longitude',
  'onlineUrl',
  'coverFileId',
] as const;

function comparable(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

export async function updateEvent(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
  body: UpdateEventBody,
): Promise<EventDetail> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockEditable(tx, organizationId, eventId);
    const state: EventState = {
      startsAt: body.startsAt ? new Date(body.startsAt) : current.startsAt,
      endsAt: body.endsAt ? new Date(body.endsAt) : current.endsAt,
      locationType: body.locationType ?? current.locationType,
      venueName: body.venueName !== undefined ? body.venueName : current.venueName,
      venueAddress: body.venueAddress !== undefined ? body.venueAddress : current.venueAddress,
      latitude: body.latitude !== undefined ? body.latitude : num(current.latitude),
      longitude: body.longitude !== undefined ? body.longitude : num(current.longitude),
      onlineUrl: body.onlineUrl !== undefined ? body.onlineUrl : current.onlineUrl,
    };
    checkEvent(state, { isNew: false });
    if (body.coverFileId !== undefined) await checkCover(tx, organizationId, body.coverFileId);
    const next = {
      name: body.name ?? current.name,
      description: body.description !== undefined ? sanitizeHtml(body.description) : current.description,
      startsAt: state.startsAt,
      endsAt: state.endsAt,
      timeZone: body.timeZone ?? current.timeZone,
      ...location(state),
      coverFileId: body.coverFileId !== undefined ? body.coverFileId : current.coverFileId,
    };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of AUDITED_EVENT_FIELDS) {
      const numeric = field === 'latitude' || field === 'longitude';
      const was = numeric ? num(current[field]) : comparable(current[field]);
      const now = numeric ? num(next[field]) : comparable(next[field]);
      if (was !== now) {
        before[field] = was;
        after[field] = now;
      }
    }
    if (Object.keys(after).length === 0) return detail(tx, organizationId, current);
    const updated = await repository.updateEvent(tx, organizationId, eventId, next);
    if (!updated) throw notFound();
    await auditEvent(tx, organizationId, actor, eventId, 'event.updated', before, after);
    return detail(tx, organizationId, updated);
  });
}

export type StatusAction = 'publish' | 'unpublish' | 'cancel' | 'archive';

const TARGET: Record<StatusAction, { from: readonly EventStatus[]; to: EventStatus; verb: string }> = {
  publish: { from: ['draft'], to: 'published', verb: 'published' },
  unpublish: { from: ['published'], to: 'draft', verb: 'unpublished' },
  cancel: { from: ['draft', 'published'], to: 'cancelled', verb: 'cancelled' },
  archive: { from: ['draft', 'published', 'cancelled'], to: 'archived', verb: 'archived' },
};

export async function changeStatus(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
  action: StatusAction,
  reason?: string,
): Promise<EventDetail> {
  const rule = TARGET[action];
  return ctx.db.transaction(async (tx) => {
    const event = await repository.findEvent(tx, organizationId, eventId, { lock: true });
    if (!event) throw notFound();
    if (!rule.from.includes(event.status)) throw transition(event.status, rule.verb);
    if (action === 'publish') {
      const types = await repository.listTicketTypes(tx, organizationId, eventId);
      if (types.length === 0) throw new AppError('no-ticket-types', 'Add a ticket type before publishing.');
    }
    if (action === 'archive' && event.endsAt.getTime() > Date.now()) {
      throw new AppError('event-not-ended', 'Only events that have ended can be archived.');
    }
    const updated = await repository.updateEvent(tx, organizationId, eventId, {
      status: rule.to,
      cancelReason: action === 'cancel' ? (reason ?? null) : event.cancelReason,
    });
    if (!updated) throw notFound();
    await auditEvent(
      tx,
      organizationId,
      actor,
      eventId,
      `event.${rule.verb}`,
      { status: event.status },
      action === 'cancel' ? { status: rule.to, reason } : { status: rule.to },
    );
    return detail(tx, organizationId, updated);
  });
}

export async function duplicateEvent(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
): Promise<EventDetail> {
  return ctx.db.transaction(async (tx) => {
    const source = await repository.findEvent(tx, organizationId, eventId);
    if (!source) throw notFound();
    const name = `${source.name} (copy)`.slice(0, 200);
    const copy = await repository.insertEvent(tx, {
      organizationId,
      slug: await freeSlug(tx, organizationId, name),
      name,
      description: source.description,
      startsAt: source.startsAt,
      endsAt: source.endsAt,
      timeZone: source.timeZone,
      locationType: source.locationType,
      venueName: source.venueName,
      venueAddress: source.venueAddress,
      latitude: source.latitude,
      longitude: source.longitude,
      onlineUrl: source.onlineUrl,
      coverFileId: source.coverFileId,
      createdBy: actor,
    });
    const pools = await repository.listPools(tx, organizationId, eventId);
    const newPools = await repository.insertPools(
      tx,
      pools.map((pool) => ({ organizationId, eventId: copy.id, name: pool.name, capacity: pool.capacity })),
    );
    const poolMap = new Map(pools.map((pool, index) => [pool.id, newPools[index]?.id ?? null]));
    const types = await repository.listTicketTypes(tx, organizationId, eventId);
    await repository.insertTicketTypes(
      tx,
      types.map((type) => ({
        organizationId,
        eventId: copy.id,
        poolId: type.poolId ? (poolMap.get(type.poolId) ?? null) : null,
        name: type.name,
        description: type.description,
        priceMinor: type.priceMinor,
        currency: type.currency,
        capacity: type.capacity,
        salesStart: type.salesStart,
        salesEnd: type.salesEnd,
        minPerOrder: type.minPerOrder,
        maxPerOrder: type.maxPerOrder,
        visibility: type.visibility,
        memberListId: type.memberListId,
        position: type.position,
      })),
    );
    await auditEvent(
      tx,
      organizationId,
      actor,
      copy.id,
      'event.duplicated',
      { sourceEventId: eventId },
      {
        name: copy.name,
        slug: copy.slug,
      },
    );
    return detail(tx, organizationId, copy);
  });
}

// Ticket types -----------------------------------------------------------------------------------------------

interface TicketState {
  salesStart: Date | null;
  salesEnd: Date | null;
  minPerOrder: number;
  maxPerOrder: number;
}

function checkTicketType(state: TicketState): void {
  const details: Detail[] = [];
  if (state.salesStart && state.salesEnd && state.salesEnd.getTime() <= state.salesStart.getTime()) {
    details.push({ path: 'body.salesEnd', message: 'Sales must end after they start.' });
  }
  if (state.minPerOrder > state.maxPerOrder) {
    details.push({ path: 'body.maxPerOrder', message: 'The maximum per order cannot be below the minimum.' });
  }
  if (details.length > 0) throw invalid(details);
}

async function checkPool(
  db: Queryable,
  organizationId: string,
  eventId: string,
  poolId: string | null | undefined,
) {
  if (poolId && !(await repository.findPool(db, organizationId, eventId, poolId))) {
    throw invalid([{ path: 'body.poolId', message: 'No such capacity pool for this event.' }]);
  }
}

const date = (value: string | null | undefined) => (value ? new Date(value) : null);

export async function createTicketType(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
  body: z.output<typeof createTicketTypeBodySchema>,
): Promise<EventDetail> {
  checkTicketType({
    salesStart: date(body.salesStart),
    salesEnd: date(body.salesEnd),
    minPerOrder: body.minPerOrder,
    maxPerOrder: body.maxPerOrder,
  });
  return ctx.db.transaction(async (tx) => {
    const event = await lockEditable(tx, organizationId, eventId);
    await checkPool(tx, organizationId, eventId, body.poolId);
    const [created] = await repository.insertTicketTypes(tx, [
      {
        organizationId,
        eventId,
        poolId: body.poolId ?? null,
        name: body.name,
        description: body.description,
        priceMinor: body.priceMinor,
        currency: await repository.organizationCurrency(tx, organizationId),
        capacity: body.capacity,
        salesStart: date(body.salesStart),
        salesEnd: date(body.salesEnd),
        minPerOrder: body.minPerOrder,
        maxPerOrder: body.maxPerOrder,
        visibility: body.visibility,
        memberListId: body.visibility === 'members' ? (body.memberListId ?? null) : null,
        position: await repository.nextTicketTypePosition(tx, organizationId, eventId),
      },
    ]);
    await auditEvent(tx, organizationId, actor, eventId, 'ticket-type.created', null, {
      ticketTypeId: created?.id,
      name: body.name,
      priceMinor: body.priceMinor,
      capacity: body.capacity,
    });
    return detail(tx, organizationId, event);
  });
}

export async function updateTicketType(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
  ticketTypeId: string,
  body: UpdateTicketTypeBody,
): Promise<EventDetail> {
  return ctx.db.transaction(async (tx) => {
    const event = await lockEditable(tx, organizationId, eventId);
    const current = await repository.findTicketType(tx, organizationId, eventId, ticketTypeId, {
      lock: true,
    });
    if (!current) throw notFound();
    const salesStart = body.salesStart !== undefined ? date(body.salesStart) : current.salesStart;
    const salesEnd = body.salesEnd !== undefined ? date(body.salesEnd) : current.salesEnd;
    const minPerOrder = body.minPerOrder ?? current.minPerOrder;
    const maxPerOrder = body.maxPerOrder ?? current.maxPerOrder;
    checkTicketType({ salesStart, salesEnd, minPerOrder, maxPerOrder });
    const used = current.sold + current.held;
    if (body.poolId !== undefined && body.poolId !== current.poolId) {
      await checkPool(tx, organizationId, eventId, body.poolId);
      if (used > 0)
        throw new AppError('has-sales', 'A ticket type with sold or held tickets cannot change pool.');
    }
    if (body.capacity !== undefined && body.capacity < used) {
      throw new AppError('capacity-below-sold', `The capacity cannot go below ${used} sold or held.`, {
        details: { path: 'body.capacity', minimum: used },
      });
    }
    const visibility = body.visibility ?? current.visibility;
    const next = {
      name: body.name ?? current.name,
      description: body.description ?? current.description,
      priceMinor: body.priceMinor ?? current.priceMinor,
      capacity: body.capacity ?? current.capacity,
      poolId: body.poolId !== undefined ? body.poolId : current.poolId,
      salesStart,
      salesEnd,
      minPerOrder,
      maxPerOrder,
      visibility,
      memberListId:
        visibility === 'members'
          ? body.memberListId !== undefined
            ? body.memberListId
            : current.memberListId
          : null,
    };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(next)) {
      const was = comparable(current[field as keyof typeof next]);
      if (was !== comparable(value)) {
        before[field] = was;
        after[field] = comparable(value);
      }
    }
    if (Object.keys(after).length > 0) {
      const updated = await repository.updateTicketType(tx, organizationId, ticketTypeId, next);
      if (!updated)
        throw new AppError('capacity-below-sold', 'The capacity cannot go below what is sold or held.');
      await auditEvent(
        tx,
        organizationId,
        actor,
        eventId,
        'ticket-type.updated',
        { ticketTypeId, ...before },
        {
          ticketTypeId,
          ...after,
        },
      );
    }
    return detail(tx, organizationId, event);
  });
}

export async function deleteTicketType(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
  ticketTypeId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const event = await lockEditable(tx, organizationId, eventId);
    const current = await repository.findTicketType(tx, organizationId, eventId, ticketTypeId, {
      lock: true,
    });
    if (!current) throw notFound();
    if (event.status === 'published') {
      const types = await repository.listTicketTypes(tx, organizationId, eventId);
      if (types.length <= 1) {
        throw new AppError('no-ticket-types', 'A published event keeps at least one ticket type.');
      }
    }
    if (!(await repository.deleteTicketType(tx, organizationId, ticketTypeId))) {
      throw new AppError('has-sales', 'Tickets of this type are sold or held.');
    }
    await auditEvent(
      tx,
      organizationId,
      actor,
      eventId,
      'ticket-type.deleted',
      { ticketTypeId, name: current.name },
      null,
    );
  });
}

export async function reorderTicketTypes(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
  ticketTypeIds: string[],
): Promise<EventDetail> {
  return ctx.db.transaction(async (tx) => {
    const event = await lockEditable(tx, organizationId, eventId);
    const types = await repository.listTicketTypes(tx, organizationId, eventId);
    const known = new Set(types.map((type) => type.id));
    const given = new Set(ticketTypeIds);
    if (
      given.size !== ticketTypeIds.length ||
      given.size !== known.size ||
      ![...given].every((id) => known.has(id))
    ) {
      throw invalid([
        { path: 'body.ticketTypeIds', message: 'List each ticket type of the event exactly once.' },
      ]);
    }
    for (const [position, id] of ticketTypeIds.entries()) {
      await repository.setTicketTypePosition(tx, organizationId, id, position);
    }
    await auditEvent(
      tx,
      organizationId,
      actor,
      eventId,
      'ticket-type.reordered',
      {
        order: types.map((type) => type.id),
      },
      { order: ticketTypeIds },
    );
    return detail(tx, organizationId, event);
  });
}

// Capacity pools ---------------------------------------------------------------------------------------------

export async function createPool(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
  body: { name: string; capacity: number },
): Promise<EventDetail> {
  return ctx.db.transaction(async (tx) => {
    const event = await lockEditable(tx, organizationId, eventId);
    const [pool] = await repository.insertPools(tx, [{ organizationId, eventId, ...body }]);
    await auditEvent(tx, organizationId, actor, eventId, 'capacity-pool.created', null, {
      poolId: pool?.id,
      ...body,
    });
    return detail(tx, organizationId, event);
  });
}

export async function updatePool(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
  poolId: string,
  body: { name?: string | undefined; capacity?: number | undefined },
): Promise<EventDetail> {
  return ctx.db.transaction(async (tx) => {
    const event = await lockEditable(tx, organizationId, eventId);
    const current = await repository.findPool(tx, organizationId, eventId, poolId, { lock: true });
    if (!current) throw notFound();
    const used = current.sold + current.held;
    if (body.capacity !== undefined && body.capacity < used) {
      throw new AppError('capacity-below-sold', `The capacity cannot go below ${used} sold or held.`, {
        details: { path: 'body.capacity', minimum: used },
      });
    }
    const updated = await repository.updatePool(tx, organizationId, poolId, body);
    if (!updated)
      throw new AppError('capacity-below-sold', 'The capacity cannot go below what is sold or held.');
    await auditEvent(
      tx,
      organizationId,
      actor,
      eventId,
      'capacity-pool.updated',
      { poolId, name: current.name, capacity: current.capacity },
      { poolId, name: updated.name, capacity: updated.capacity },
    );
    return detail(tx, organizationId, event);
  });
}

export async function deletePool(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
  poolId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockEditable(tx, organizationId, eventId);
    const current = await repository.findPool(tx, organizationId, eventId, poolId, { lock: true });
    if (!current) throw notFound();
    if (!(await repository.deletePool(tx, organizationId, poolId))) {
      throw new AppError('has-sales', 'Tickets of this pool are sold or held.');
    }
    await auditEvent(
      tx,
      organizationId,
      actor,
      eventId,
      'capacity-pool.deleted',
      { poolId, name: current.name },
      null,
    );
  });
}

export type { CreateEventBody, CreateTicketTypeBody };
