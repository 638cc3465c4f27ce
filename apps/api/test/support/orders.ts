import { capacityPools, ticketTypes } from '@guichet/db/schema/events';
import { customers, orders, tickets } from '@guichet/db/schema/orders';
import { auditLog } from '@guichet/db/schema/teams';
import type { EventDetail } from '@guichet/shared/events';
import type { CreatePublicOrderBody, PublicOrder } from '@guichet/shared/orders';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { keyHashes } from '../../src/modules/orders/idempotency';
import { addTicketType, client, createEvent } from './events';
import { createOrganization, type SignedUp, signUp, uniqueEmail } from './harness';

/** Rate limits high enough for tests that send many requests from one address. */
export const TEST_ENV = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
  PUBLIC_ORDER_RATE_LIMIT_PER_MINUTE: '100000',
};

export interface Shop {
  organizationId: string;
  orgSlug: string;
  admin: SignedUp;
  event: EventDetail;
  call: ReturnType<typeof client>;
}

/**
 * An organisation with a published event and the ticket types given (each a body for the ticket-type
 * endpoint; `pool` puts it in one shared pool of `poolCapacity`).
 */
export async function newShop(
  app: App,
  types: Record<string, unknown>[] = [{ name: 'Standard', priceMinor: 2500, capacity: 100 }],
  options: { poolCapacity?: number } = {},
): Promise<Shop> {
  const admin = await signUp(app, { displayName: 'Olga Organiser' });
  const organization = await createOrganization(app, admin.accessToken, `Shop ${uniqueEmail('org')}`);
  const call = client(app, admin.accessToken, organization.id);
  let event = await createEvent(app, admin.accessToken, organization.id);
  let poolId: string | undefined;
  if (options.poolCapacity !== undefined) {
    const pooled = await call('POST', `/api/events/${event.id}/capacity-pools`, {
      name: 'Hall',
      capacity: options.poolCapacity,
    });
    expect(pooled.statusCode, pooled.body).toBe(201);
    poolId = pooled.json<EventDetail>().capacityPools[0]?.id;
  }
  for (const body of types) {
    const { pool, ...rest } = body;
    event = await addTicketType(app, admin.accessToken, organization.id, event.id, {
      ...rest,
      ...(pool ? { poolId } : {}),
    });
  }
  const published = await call('POST', `/api/events/${event.id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return {
    organizationId: organization.id,
    orgSlug: organization.slug,
    admin,
    event: published.json<EventDetail>(),
    call,
  };
}

export const typeId = (shop: Shop, index = 0) => {
  const type = shop.event.ticketTypes[index];
  if (!type) throw new Error(`no ticket type ${index}`);
  return type.id;
};

export function orderBody(shop: Shop, overrides: Partial<CreatePublicOrderBody> = {}): CreatePublicOrderBody {
  return {
    buyer: { name: 'Bea Buyer', email: uniqueEmail('buyer') },
    lines: [{ ticketTypeId: typeId(shop), quantity: 2 }],
    paymentMethod: 'offline',
    ...overrides,
  };
}

/** How the checkout stores a buyer's Idempotency-Key for this body (the locale defaults to English). */
export function keyHashesOf(shop: Shop, body: CreatePublicOrderBody, key: string) {
  return keyHashes('public-order', key, {
    params: { orgSlug: shop.orgSlug, eventSlug: shop.event.slug },
    body: { ...body, locale: 'en' },
  });
}

export function buy(app: App, shop: Shop, body: unknown, idempotencyKey?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/public/events/${shop.orgSlug}/${shop.event.slug}/orders`,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    payload: body as object,
  });
}

export async function bought(app: App, shop: Shop, body: unknown): Promise<PublicOrder> {
  const response = await buy(app, shop, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PublicOrder>();
}

export async function orderIdOf(app: App, code: string): Promise<string> {
  const [row] = await app.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.code, code));
  if (!row) throw new Error(`no order ${code}`);
  return row.id;
}

/** The counts of an event's ticket types and pools. */
export async function counts(app: App, eventId: string) {
  const db = app.ctx.db;
  const types = await db
    .select({
      id: ticketTypes.id,
      sold: ticketTypes.sold,
      held: ticketTypes.held,
      poolId: ticketTypes.poolId,
    })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.position));
  const pools = await db
    .select({ id: capacityPools.id, sold: capacityPools.sold, held: capacityPools.held })
    .from(capacityPools)
    .where(eq(capacityPools.eventId, eventId));
  return { types, pools };
}

/** Everything the order endpoints may change in an organisation, to prove a refused call changed nothing. */
export async function ordersSnapshot(app: App, organizationId: string) {
  const db = app.ctx.db;
  const [orderRows, ticketRows, customerRows, types, audit] = await Promise.all([
    db.select().from(orders).where(eq(orders.organizationId, organizationId)).orderBy(asc(orders.id)),
    db.select().from(tickets).where(eq(tickets.organizationId, organizationId)).orderBy(asc(tickets.id)),
    db
      .select()
      .from(customers)
      .where(eq(customers.organizationId, organizationId))
      .orderBy(asc(customers.id)),
    db
      .select({ id: ticketTypes.id, sold: ticketTypes.sold, held: ticketTypes.held })
      .from(ticketTypes)
      .where(eq(ticketTypes.organizationId, organizationId))
      .orderBy(asc(ticketTypes.id)),
    db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.organizationId, organizationId)),
  ]);
  return { orderRows, ticketRows, customerRows, types, audit: audit.length };
}
