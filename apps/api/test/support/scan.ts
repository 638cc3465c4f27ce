import { randomUUID } from 'node:crypto';
import type { OrderDetail } from '@guichet/shared/orders';
import type { CheckinList, CreateCheckinListBody, RedeemAnswer, RedeemRequest } from '@guichet/shared/scan';
import { expect } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { newShop, TEST_ENV as ORDER_ENV, type Shop, typeId } from './orders';

export const TEST_ENV = { ...ORDER_ENV, SCAN_RATE_LIMIT_PER_MINUTE: '100000', HEADCOUNT_POLL_MS: '200' };

export interface Door {
  shop: Shop;
  /** All ticket types. */
  list: CheckinList;
}

/** A published event with two ticket types (Standard, VIP) and a "Main gate" list for all of them. */
export async function newDoor(app: App, list: Partial<CreateCheckinListBody> = {}): Promise<Door> {
  const shop = await newShop(app, [
    { name: 'Standard', priceMinor: 2500, capacity: 500 },
    { name: 'VIP', priceMinor: 9000, capacity: 50 },
  ]);
  // Every new event starts with a list covering all its types: it becomes the "Main gate".
  const lists = await shop.call('GET', `/api/events/${shop.event.id}/checkin-lists`);
  expect(lists.statusCode, lists.body).toBe(200);
  const [first] = lists.json<{ items: CheckinList[] }>().items;
  if (!first) throw new Error('a new event has no check-in list');
  const updated = await shop.call('PATCH', `/api/checkin-lists/${first.id}`, { name: 'Main gate', ...list });
  expect(updated.statusCode, updated.body).toBe(200);
  return { shop, list: updated.json<CheckinList>() };
}

export async function addList(shop: Shop, body: Partial<CreateCheckinListBody> = {}): Promise<CheckinList> {
  const response = await shop.call('POST', `/api/events/${shop.event.id}/checkin-lists`, {
    name: 'Gate',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CheckinList>();
}

/** Paid tickets from the box office (given away), with their secrets. */
export async function issue(shop: Shop, quantity = 1, type = 0, names?: string[]) {
  const response = await shop.call('POST', `/api/events/${shop.event.id}/orders`, {
    buyer: { name: 'Bea Buyer', email: `bea-${randomUUID()}@example.com` },
    lines: [{ ticketTypeId: typeId(shop, type), quantity, ...(names ? { attendeeNames: names } : {}) }],
    payment: 'comp',
    sendEmail: false,
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json<OrderDetail>();
  return order.tickets.map((ticket) => ({
    id: ticket.id,
    secret: ticket.secret ?? '',
    shortCode: ticket.shortCode ?? '',
    orderId: order.id,
    code: order.code,
  }));
}

export function scan(
  secret: string,
  listIds: string[],
  overrides: Partial<RedeemRequest> = {},
): RedeemRequest {
  return {
    secret,
    listIds,
    direction: 'entry',
    scannedAt: new Date().toISOString(),
    nonce: randomUUID(),
    deviceId: 'gate-1',
    ...overrides,
  };
}

export async function redeem(shop: Shop, body: RedeemRequest, call = shop.call) {
  const response = await call('POST', '/api/scan/redeem', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RedeemAnswer>();
}

export function reasonOf(answer: RedeemAnswer): string {
  return answer.result === 'ok' ? 'ok' : answer.reason;
}

/** Another API instance on the same database (as another process would be): its own batches and hub. */
export async function anotherInstance(app: App): Promise<App> {
  const other = await buildApp({ config: app.ctx.config, db: app.ctx.db, startWorker: false, logger: false });
  await other.ready();
  return other;
}
