import type { Queryable } from '@guichet/db/client';
import type {
  createEventBodySchema,
  EventDetail,
  EventPage,
  EventStatus,
  listEventsQuerySchema,
  UpdateEventBody,
} from '@guichet/shared/events';
import { slugify } from '@guichet/shared/slug';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { emitWebhookEvent } from '../integrations/webhook-events';
import {
  auditEvent,
  changes,
  type Detail,
  invalid,
  lockEditable,
  notFound,
  transition,
} from './event-guards';
import { detail, num } from './event-view';
import * as repository from './events.repository';
import { listEvents as listEventPage } from './events-list.repository';
import { copyGates } from './member-gates.service';
import { sanitizeHtml } from './sanitize-html';

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

/** Call inside the transaction that inserts: the lock makes concurrent creations pick slugs one at a time. */
async function freeSlug(db: Queryable, organizationId: string, name: string): Promise<string> {
  await repository.lockSlugAllocation(db, organizationId);
  const wanted = slugify(name, { maxLength: 60, fallback: 'event' });
  const taken = await repository.slugsStartingWith(db, organizationId, wanted);
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n += 1) {
    const candidate = `${wanted}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

// Reading ----------------------------------------------------------------------------------------------------

export function listEvents(
  ctx: AppContext,
  organizationId: string,
  query: z.output<typeof listEventsQuerySchema>,
): Promise<EventPage> {
  return listEventPage(ctx.db, organizationId, query);
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

/** The list every new event starts with, covering all its ticket types. */
const DEFAULT_CHECKIN_LIST = 'Main entrance';

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
      attendeeNamesRequired: body.attendeeNamesRequired,
      createdBy: actor,
    });
    await repository.insertDefaultCheckinList(tx, organizationId, event.id, DEFAULT_CHECKIN_LIST);
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
  'attendeeNamesRequired',
] as const;

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
      attendeeNamesRequired: body.attendeeNamesRequired ?? current.attendeeNamesRequired,
    };
    const { before, after } = changes(current, next, AUDITED_EVENT_FIELDS, (value, field) =>
      field === 'latitude' || field === 'longitude'
        ? num(value as string | null)
        : value instanceof Date
          ? value.toISOString()
          : value,
    );
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
    if (action === 'publish' || action === 'cancel') {
      await emitWebhookEvent(tx, {
        organizationId,
        type: action === 'publish' ? 'event.published' : 'event.cancelled',
        data: {
          id: updated.id,
          slug: updated.slug,
          name: updated.name,
          status: updated.status,
          startsAt: updated.startsAt.toISOString(),
          endsAt: updated.endsAt.toISOString(),
          timeZone: updated.timeZone,
          ...(action === 'cancel' ? { reason: reason ?? null } : {}),
        },
      });
    }
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
      attendeeNamesRequired: source.attendeeNamesRequired,
      createdBy: actor,
    });
    await repository.insertDefaultCheckinList(tx, organizationId, copy.id, DEFAULT_CHECKIN_LIST);
    const pools = await repository.listPools(tx, organizationId, eventId);
    const newPools = await repository.insertPools(
      tx,
      pools.map((pool) => ({ organizationId, eventId: copy.id, name: pool.name, capacity: pool.capacity })),
    );
    const poolMap = new Map(pools.map((pool, index) => [pool.id, newPools[index]?.id ?? null]));
    const types = await repository.listTicketTypes(tx, organizationId, eventId);
    const copies = await repository.insertTicketTypes(
      tx,
      types.map((type) => ({
        organizationId,
        eventId: copy.id,
        poolId: type.poolId ? (poolMap.get(type.poolId) ?? null) : null,
        name: type.name,
        description: type.description,
        priceMinor: type.priceMinor,
        vatRateBp: type.vatRateBp,
        currency: type.currency,
        capacity: type.capacity,
        salesStart: type.salesStart,
        salesEnd: type.salesEnd,
        minPerOrder: type.minPerOrder,
        maxPerOrder: type.maxPerOrder,
        visibility: type.visibility,
        position: type.position,
      })),
    );
    await copyGates(
      tx,
      organizationId,
      types.map((type, index) => ({ from: type.id, to: copies[index]?.id })),
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
