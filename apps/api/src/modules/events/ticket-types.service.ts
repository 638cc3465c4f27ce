import type { Queryable } from '@guichet/db/client';
import type { createTicketTypeBodySchema, EventDetail, UpdateTicketTypeBody } from '@guichet/shared/events';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import {
  assertCapacityCovers,
  auditEvent,
  capacityRaced,
  changes,
  type Detail,
  invalid,
  lockEditable,
  notFound,
} from './event-guards';
import { detail } from './event-view';
import * as repository from './events.repository';
import { setGate } from './member-gates.repository';
import { checkGate, currentGate } from './member-gates.service';

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
    const gate = await checkGate(tx, organizationId, body);
    const [created] = await repository.insertTicketTypes(tx, [
      {
        organizationId,
        eventId,
        poolId: body.poolId ?? null,
        name: body.name,
        description: body.description,
        priceMinor: body.priceMinor,
        vatRateBp: body.vatRateBp ?? null,
        currency: await repository.organizationCurrency(tx, organizationId),
        capacity: body.capacity,
        salesStart: date(body.salesStart),
        salesEnd: date(body.salesEnd),
        minPerOrder: body.minPerOrder,
        maxPerOrder: body.maxPerOrder,
        visibility: body.visibility,
        position: await repository.nextTicketTypePosition(tx, organizationId, eventId),
      },
    ]);
    if (created && gate) await setGate(tx, organizationId, created.id, gate);
    await auditEvent(tx, organizationId, actor, eventId, 'ticket-type.created', null, {
      ticketTypeId: created?.id,
      name: body.name,
      priceMinor: body.priceMinor,
      capacity: body.capacity,
      ...(gate ? { visibility: body.visibility, ...gate } : {}),
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
    assertCapacityCovers(body.capacity, used);
    if (body.poolId !== undefined && body.poolId !== current.poolId) {
      await checkPool(tx, organizationId, eventId, body.poolId);
      if (used > 0)
        throw new AppError('has-sales', 'A ticket type with sold or held tickets cannot change pool.');
    }
    const visibility = body.visibility ?? current.visibility;
    const next = {
      name: body.name ?? current.name,
      description: body.description ?? current.description,
      priceMinor: body.priceMinor ?? current.priceMinor,
      vatRateBp: body.vatRateBp !== undefined ? body.vatRateBp : current.vatRateBp,
      capacity: body.capacity ?? current.capacity,
      poolId: body.poolId !== undefined ? body.poolId : current.poolId,
      salesStart,
      salesEnd,
      minPerOrder,
      maxPerOrder,
      visibility,
    };
    // The gate: lists and per-member limit as given, else as they were (a type leaving `members` loses it).
    const stored = await currentGate(tx, organizationId, ticketTypeId);
    const gate = await checkGate(tx, organizationId, {
      visibility,
      memberListIds: body.memberListIds ?? stored.listIds,
      maxPerMember: body.maxPerMember !== undefined ? body.maxPerMember : stored.maxPerMember,
    });
    const gateBefore = { memberListIds: stored.listIds, maxPerMember: stored.maxPerMember };
    const gateAfter = { memberListIds: gate?.listIds ?? [], maxPerMember: gate?.maxPerMember ?? null };
    const gateChanged = JSON.stringify(gateBefore) !== JSON.stringify(gateAfter);
    const { before, after } = changes(current, next, Object.keys(next) as (keyof typeof next)[]);
    if (gateChanged) {
      await setGate(tx, organizationId, ticketTypeId, gate);
      Object.assign(before, gateBefore);
      Object.assign(after, gateAfter);
    }
    if (Object.keys(after).length > 0) {
      const updated = await repository.updateTicketType(tx, organizationId, ticketTypeId, next);
      if (!updated) throw capacityRaced();
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
    assertCapacityCovers(body.capacity, current.sold + current.held);
    const updated = await repository.updatePool(tx, organizationId, poolId, body);
    if (!updated) throw capacityRaced();
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
