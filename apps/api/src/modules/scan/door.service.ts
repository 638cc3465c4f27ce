import { randomUUID } from 'node:crypto';
import type { DoorOrder, DoorPayAnswer, doorPayBodySchema } from '@guichet/shared/door';
import type { RedeemAnswer } from '@guichet/shared/scan';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { markPaid } from '../orders/orders.service';
import * as repository from './door.repository';
import type { HeadcountHub } from './headcount';
import { listsByIds } from './lists.repository';
import { type RedeemBatches, redeem } from './redeem.service';
import type { TypedCodes } from './typed-codes';

/**
 * Pay at the door (packages/shared/src/door.ts): an order found by its exact code only, so door staff
 * cannot browse buyers; a code that matches nothing counts as a wrong typed code, like a ticket's short
 * code. Paying reuses the back office's mark-paid (one rule for taking money), then checks every valid
 * ticket in through the same redeem as a scan, so exactly-once admission holds here too.
 */

export interface DoorCaller {
  organizationId: string;
  staffId: string;
  /** The access token's session generation, checked with the membership when the tickets are admitted. */
  sessionGeneration: number;
  deviceId: string;
}

const notFound = () => new AppError('not-found', 'No order with this code in this organisation.');

async function orderByCode(ctx: AppContext, typed: TypedCodes, caller: DoorCaller, code: string) {
  const { organizationId, staffId, deviceId } = caller;
  await typed.checkAllowed(organizationId, staffId, deviceId);
  const order = await repository.findOrderByCode(ctx.db, organizationId, code);
  if (!order) {
    await typed.countWrong(organizationId, staffId, deviceId);
    throw notFound();
  }
  return order;
}

async function view(
  ctx: AppContext,
  organizationId: string,
  order: NonNullable<Awaited<ReturnType<typeof repository.findOrderByCode>>>,
) {
  const tickets = await repository.ticketsOfOrder(ctx.db, organizationId, order.id);
  const door: DoorOrder = {
    code: order.code,
    status: order.status,
    paymentMethod: order.paymentMethod,
    buyerName: order.buyerName,
    totalMinor: order.totalMinor,
    currency: order.currency,
    event: { id: order.eventId, name: order.eventName },
    tickets: tickets.map((ticket) => ({
      id: ticket.id,
      ticketTypeName: ticket.ticketTypeName,
      attendeeName: ticket.attendeeName ?? order.buyerName,
      status: ticket.status,
    })),
  };
  return { door, tickets };
}

export async function findDoorOrder(
  ctx: AppContext,
  typed: TypedCodes,
  caller: DoorCaller,
  code: string,
): Promise<DoorOrder> {
  const order = await orderByCode(ctx, typed, caller, code);
  return (await view(ctx, caller.organizationId, order)).door;
}

export async function payAtTheDoor(
  ctx: AppContext,
  hub: HeadcountHub,
  batches: RedeemBatches,
  typed: TypedCodes,
  caller: DoorCaller,
  code: string,
  body: z.output<typeof doorPayBodySchema>,
): Promise<DoorPayAnswer> {
  const { organizationId, staffId } = caller;
  const order = await orderByCode(ctx, typed, caller, code);
  const listIds = [...new Set(body.listIds)];
  const lists = await listsByIds(ctx.db, organizationId, listIds);
  if (lists.length !== listIds.length)
    throw new AppError('not-found', 'No such check-in list in this organisation.');
  if (lists.some((list) => list.eventId !== order.eventId)) {
    throw new AppError('argument-error', 'Choose check-in lists of the order’s event.', {
      details: [{ path: 'body.listIds', message: 'Not a list of the order’s event.' }],
    });
  }
  await markPaid(ctx, organizationId, staffId, order.id, {
    amountMinor: body.amountMinor,
    method: body.method,
  });
  const paid = await view(ctx, organizationId, { ...order, status: 'paid' });
  const admissions: RedeemAnswer[] = [];
  for (const ticket of paid.tickets) {
    if (ticket.status !== 'valid') continue;
    admissions.push(
      await redeem(ctx, hub, batches, caller, {
        secret: ticket.secret,
        listIds,
        direction: 'entry',
        scannedAt: new Date().toISOString(),
        nonce: randomUUID(),
        deviceId: caller.deviceId,
      }),
    );
  }
  return { order: paid.door, admissions };
}
