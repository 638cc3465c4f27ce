import { randomUUID } from 'node:crypto';
import { staffOrganizations } from '@guichet/db/schema/organizations';
import { auditLog } from '@guichet/db/schema/teams';
import type { Permission } from '@guichet/shared/permissions';
import type { OfflineSnapshot, ScanEvent, ScanOrganization } from '@guichet/shared/scan';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../../test/support/events';
import { bearer, createTestApp, type TestContext } from '../../../test/support/harness';
import { type Door, issue, newDoor, redeem, scan, TEST_ENV } from '../../../test/support/scan';
import { addStaff } from '../../../test/support/teams';

let t: TestContext;
let door: Door;
let ticket: { id: string; secret: string; shortCode: string; orderId: string; code: string };
let checkinId: string;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  door = await newDoor(t.app);
  [ticket] = (await issue(door.shop, 1, 0, ['Ada Attendee'])) as [typeof ticket];
  const answer = await redeem(door.shop, scan(ticket.secret, [door.list.id]));
  checkinId = answer.checkinId;
}, 180_000);
afterAll(async () => t.close());

type Call = () => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };

const eventId = () => door.shop.event.id;

/** The back office's check-in endpoints: EVENT or ALL only. */
const MANAGE: Record<string, Call> = {
  'GET lists': () => ({ method: 'GET', url: `/api/events/${eventId()}/checkin-lists` }),
  'POST list': () => ({
    method: 'POST',
    url: `/api/events/${eventId()}/checkin-lists`,
    payload: { name: 'X' },
  }),
  'PATCH list': () => ({
    method: 'PATCH',
    url: `/api/checkin-lists/${door.list.id}`,
    payload: { name: 'Main gate' },
  }),
  'DELETE list': () => ({ method: 'DELETE', url: `/api/checkin-lists/${randomUUID()}` }),
  'GET log': () => ({ method: 'GET', url: `/api/events/${eventId()}/checkins` }),
  'POST undo': () => ({ method: 'POST', url: `/api/scan/checkins/${randomUUID()}/undo`, payload: {} }),
  'GET conflicts': () => ({ method: 'GET', url: `/api/events/${eventId()}/checkin-conflicts` }),
  'POST resolve': () => ({
    method: 'POST',
    url: `/api/checkin-conflicts/${randomUUID()}/resolve`,
    payload: {},
  }),
  'GET attendees': () => ({ method: 'GET', url: `/api/events/${eventId()}/checkin-attendees?q=Ada` }),
};

/** The scanner's endpoints: SCAN, EVENT or ALL. */
const SCAN: Record<string, Call> = {
  'GET events': () => ({ method: 'GET', url: '/api/scan/events' }),
  'POST redeem': () => ({
    method: 'POST',
    url: '/api/scan/redeem',
    payload: scan(ticket.secret, [door.list.id]),
  }),
  'GET snapshot': () => ({ method: 'GET', url: `/api/scan/snapshot?listIds=${door.list.id}` }),
  'POST sync': () => ({
    method: 'POST',
    url: '/api/scan/sync',
    payload: {
      deviceId: 'phone',
      scans: [
        {
          nonce: randomUUID(),
          secret: ticket.secret,
          listIds: [door.list.id],
          direction: 'exit',
          scannedAt: new Date().toISOString(),
          decision: { result: 'refused', reason: 'not-inside' },
        },
      ],
    },
  }),
  'GET headcount': () => ({ method: 'GET', url: `/api/events/${eventId()}/headcount` }),
};

/** Endpoints outside check-in that SCAN-only staff must not reach. */
const OTHERS: Record<string, Call> = {
  'GET orders': () => ({ method: 'GET', url: `/api/events/${eventId()}/orders` }),
  'GET order': () => ({ method: 'GET', url: `/api/orders/${ticket.orderId}` }),
  'GET events': () => ({ method: 'GET', url: '/api/events' }),
  'GET members': () => ({ method: 'GET', url: '/api/teams/members' }),
};

async function as(permissions: Permission[]) {
  const person = await addStaff(
    t.app,
    door.shop.organizationId,
    permissions,
    `Staff ${permissions.join('+')}`,
  );
  return { person, call: client(t.app, person.accessToken, door.shop.organizationId) };
}

async function send(call: ReturnType<typeof client>, endpoint: Call) {
  const { method, url, payload } = endpoint();
  return call(method, url, payload);
}

describe('SCAN-only staff', () => {
  it('reach every scanner endpoint', async () => {
    const { call } = await as(['SCAN']);
    for (const [name, endpoint] of Object.entries(SCAN)) {
      const response = await send(call, endpoint);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    }
  });

  it('get 403 from list management, log, undo, conflicts and attendee search', async () => {
    const { call } = await as(['SCAN']);
    for (const [name, endpoint] of Object.entries(MANAGE)) {
      const response = await send(call, endpoint);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
    }
  });

  it('get 403 from orders, events and the team', async () => {
    const { call } = await as(['SCAN']);
    for (const [name, endpoint] of Object.entries(OTHERS)) {
      const response = await send(call, endpoint);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
    }
  });

  it('find their organisation and its events in discovery, marked as not managing', async () => {
    const { person, call } = await as(['SCAN']);
    const organizations = await t.app.inject({
      method: 'GET',
      url: '/api/scan/organizations',
      headers: bearer(person.accessToken),
    });
    expect(organizations.statusCode).toBe(200);
    expect(organizations.json<{ items: ScanOrganization[] }>().items).toEqual([
      expect.objectContaining({ id: door.shop.organizationId, canManage: false, permissions: ['SCAN'] }),
    ]);
    const events = (await call('GET', '/api/scan/events')).json<{ items: ScanEvent[] }>().items;
    expect(events.find((event) => event.id === eventId())?.lists.map((list) => list.name)).toEqual([
      'Main gate',
    ]);
  });

  it('download a snapshot with names but no e-mail', async () => {
    const { call } = await as(['SCAN']);
    const response = await call('GET', `/api/scan/snapshot?listIds=${door.list.id}`);
    const body = response.json<OfflineSnapshot>();
    expect(body.tickets.find((entry) => entry.id === ticket.id)).toMatchObject({
      attendeeName: 'Ada Attendee',
      status: 'valid',
      presence: [expect.objectContaining({ listId: door.list.id, state: 'inside', entries: 1 })],
    });
    expect(body.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body).not.toMatch(/@/);
  });
});

describe('a removed membership', () => {
  it('stops scanning at the very next scan, and a scan without organisation is refused', async () => {
    const { person, call } = await as(['SCAN']);
    expect((await send(call, SCAN['POST redeem']!)).statusCode).toBe(200);
    await t.app.ctx.db
      .delete(staffOrganizations)
      .where(
        and(
          eq(staffOrganizations.organizationId, door.shop.organizationId),
          eq(staffOrganizations.staffId, person.user.id),
        ),
      );
    expect((await send(call, SCAN['POST redeem']!)).statusCode).toBe(403);
    const noOrganization = await t.app.inject({
      method: 'POST',
      url: '/api/scan/redeem',
      headers: bearer(door.shop.admin.accessToken),
      payload: scan(ticket.secret, [door.list.id]),
    });
    expect(noOrganization.statusCode).toBe(400);
    expect(noOrganization.json().error.code).toBe('organization-required');
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/scan/redeem',
      headers: { 'x-organization-id': door.shop.organizationId },
      payload: scan(ticket.secret, [door.list.id]),
    });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('other permissions', () => {
  it('EVENT staff reach both sides', async () => {
    const { call } = await as(['EVENT']);
    for (const [name, endpoint] of Object.entries({ ...SCAN, 'GET lists': MANAGE['GET lists']! })) {
      expect((await send(call, endpoint)).statusCode, name).toBe(200);
    }
    const undo = await call('POST', `/api/scan/checkins/${checkinId}/undo`, {
      reason: 'Scanned the wrong one',
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const again = await call('POST', `/api/scan/checkins/${checkinId}/undo`, {});
    expect(again.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({
      checkin: { id: checkinId, undoneByName: 'Staff EVENT' },
      presence: { listId: door.list.id, state: 'never', entries: 0 },
    });
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, checkinId), eq(auditLog.action, 'checkin.undone')));
    expect(audit).toMatchObject({ after: expect.objectContaining({ reason: 'Scanned the wrong one' }) });
  });

  it('MEMBER, FINANCE and DASHBOARD staff get 403 everywhere in check-in', async () => {
    for (const permissions of [['MEMBER'], ['FINANCE'], ['DASHBOARD']] as Permission[][]) {
      const { person, call } = await as(permissions);
      for (const [name, endpoint] of Object.entries({ ...SCAN, ...MANAGE })) {
        expect((await send(call, endpoint)).statusCode, `${permissions} ${name}`).toBe(403);
      }
      const discovery = await t.app.inject({
        method: 'GET',
        url: '/api/scan/organizations',
        headers: bearer(person.accessToken),
      });
      expect(discovery.json<{ items: unknown[] }>().items).toEqual([]);
    }
  });
});

describe('another organisation', () => {
  it('gets 403 with this organisation’s header and 404 for this organisation’s ids under its own', async () => {
    const other = await newDoor(t.app);
    const foreignHeader = client(t.app, other.shop.admin.accessToken, door.shop.organizationId);
    for (const [name, endpoint] of Object.entries({ ...SCAN, ...MANAGE })) {
      expect((await send(foreignHeader, endpoint)).statusCode, name).toBe(403);
    }
    const own = other.shop.call;
    const notFound: [string, string, object?][] = [
      ['GET', `/api/events/${eventId()}/checkin-lists`],
      ['PATCH', `/api/checkin-lists/${door.list.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/checkin-lists/${door.list.id}`],
      ['POST', `/api/scan/checkins/${checkinId}/undo`, {}],
      ['GET', `/api/events/${eventId()}/checkin-conflicts`],
      ['GET', `/api/events/${eventId()}/checkin-attendees?q=Ada`],
      ['GET', `/api/events/${eventId()}/headcount`],
      ['GET', `/api/events/${eventId()}/checkins`],
      ['GET', `/api/scan/snapshot?listIds=${door.list.id}`],
      ['POST', '/api/scan/redeem', scan(ticket.secret, [door.list.id])],
    ];
    for (const [method, url, payload] of notFound) {
      const response = await own(method as 'GET', url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
  });
});
