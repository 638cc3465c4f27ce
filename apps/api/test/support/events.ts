import { capacityPools, events, ticketTypes } from '@guichet/db/schema/events';
import { auditLog } from '@guichet/db/schema/teams';
import type { CreateEventBody, EventDetail } from '@guichet/shared/events';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { orgHeaders } from './teams';

export const DAY = 24 * 60 * 60 * 1000;

export function eventBody(overrides: Partial<CreateEventBody> = {}): CreateEventBody {
  const start = Date.now() + 30 * DAY;
  return {
    name: 'Summer Concert',
    description: '<p>An evening of <strong>music</strong>.</p>',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3 * 60 * 60 * 1000).toISOString(),
    timeZone: 'Europe/Paris',
    locationType: 'venue',
    venueName: 'La Cigale',
    venueAddress: '120 Boulevard de Rochechouart, 75018 Paris',
    latitude: 48.882,
    longitude: 2.34,
    ...overrides,
  };
}

export function client(app: App, token: string, organizationId: string) {
  const headers = orgHeaders(token, organizationId);
  return async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

export async function createEvent(
  app: App,
  token: string,
  organizationId: string,
  overrides: Partial<CreateEventBody> = {},
): Promise<EventDetail> {
  const response = await client(app, token, organizationId)('POST', '/api/events', eventBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<EventDetail>();
}

export async function addTicketType(
  app: App,
  token: string,
  organizationId: string,
  eventId: string,
  body: Record<string, unknown> = {},
): Promise<EventDetail> {
  const response = await client(app, token, organizationId)('POST', `/api/events/${eventId}/ticket-types`, {
    name: 'Standard',
    priceMinor: 2500,
    capacity: 100,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<EventDetail>();
}

/** Every row the events endpoints may change in an organisation, to prove a refused call changed nothing. */
export async function eventsSnapshot(app: App, organizationId: string) {
  const db = app.ctx.db;
  const [eventRows, types, pools, audit] = await Promise.all([
    db.select().from(events).where(eq(events.organizationId, organizationId)).orderBy(asc(events.id)),
    db
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.organizationId, organizationId))
      .orderBy(asc(ticketTypes.id)),
    db
      .select()
      .from(capacityPools)
      .where(eq(capacityPools.organizationId, organizationId))
      .orderBy(asc(capacityPools.id)),
    db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.organizationId, organizationId)),
  ]);
  return { eventRows, types, pools, audit: audit.length };
}
