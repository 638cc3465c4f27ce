import { events } from '@guichet/db/schema/events';
import type { Permission } from '@guichet/shared/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTicketType,
  client,
  createEvent,
  DAY,
  eventBody,
  eventsSnapshot,
} from '../../../test/support/events';
import { createTestApp, type SignedUp, type TestContext } from '../../../test/support/harness';
import { addStaff, newTeam, orgHeaders, type Team } from '../../../test/support/teams';

let t: TestContext;
let team: Team;
let outsider: Team;
const staffBy = new Map<string, SignedUp>();
const REFUSED: Permission[] = ['FINANCE', 'MEMBER', 'DASHBOARD', 'SCAN'];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
  team = await newTeam(t.app, 'Events Org');
  outsider = await newTeam(t.app, 'Elsewhere');
  for (const permission of ['EVENT', ...REFUSED] as Permission[]) {
    staffBy.set(permission, await addStaff(t.app, team.organizationId, [permission]));
  }
});
afterAll(async () => t.close());

interface Fixture {
  draft: string;
  published: string;
  ended: string;
  ticketTypeId: string;
  poolId: string;
}

/** A draft with a pool and a ticket type, a published event and an event that has ended. */
async function fixture(): Promise<Fixture> {
  const token = team.admin.accessToken;
  const org = team.organizationId;
  const call = client(t.app, token, org);
  const draft = await createEvent(t.app, token, org);
  const pool = await call('POST', `/api/events/${draft.id}/capacity-pools`, { name: 'Hall', capacity: 150 });
  const poolId = pool.json().capacityPools[0].id as string;
  const withType = await addTicketType(t.app, token, org, draft.id, { poolId });
  const published = await createEvent(t.app, token, org);
  await addTicketType(t.app, token, org, published.id);
  expect((await call('POST', `/api/events/${published.id}/publish`)).statusCode).toBe(200);
  const ended = await createEvent(t.app, token, org);
  await t.app.ctx.db
    .update(events)
    .set({ startsAt: new Date(Date.now() - 3 * DAY), endsAt: new Date(Date.now() - 2 * DAY) })
    .where(eq(events.id, ended.id));
  return {
    draft: draft.id,
    published: published.id,
    ended: ended.id,
    ticketTypeId: withType.ticketTypes[0]!.id,
    poolId,
  };
}

type Call = (f: Fixture) => {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
};

const ENDPOINTS: Record<string, { call: Call; ok: number }> = {
  'GET /events': { call: () => ({ method: 'GET', url: '/api/events' }), ok: 200 },
  'POST /events': { call: () => ({ method: 'POST', url: '/api/events', payload: eventBody() }), ok: 201 },
  'GET /events/:id': { call: (f) => ({ method: 'GET', url: `/api/events/${f.draft}` }), ok: 200 },
  'PATCH /events/:id': {
    call: (f) => ({ method: 'PATCH', url: `/api/events/${f.draft}`, payload: { name: 'Renamed' } }),
    ok: 200,
  },
  'POST /events/:id/publish': {
    call: (f) => ({ method: 'POST', url: `/api/events/${f.draft}/publish` }),
    ok: 200,
  },
  'POST /events/:id/unpublish': {
    call: (f) => ({ method: 'POST', url: `/api/events/${f.published}/unpublish` }),
    ok: 200,
  },
  'POST /events/:id/archive': {
    call: (f) => ({ method: 'POST', url: `/api/events/${f.ended}/archive` }),
    ok: 200,
  },
  'POST /events/:id/cancel': {
    call: (f) => ({ method: 'POST', url: `/api/events/${f.draft}/cancel`, payload: { reason: 'Storm' } }),
    ok: 200,
  },
  'POST /events/:id/duplicate': {
    call: (f) => ({ method: 'POST', url: `/api/events/${f.draft}/duplicate` }),
    ok: 201,
  },
  'POST /events/:id/ticket-types': {
    call: (f) => ({
      method: 'POST',
      url: `/api/events/${f.draft}/ticket-types`,
      payload: { name: 'VIP', priceMinor: 9000, capacity: 10 },
    }),
    ok: 201,
  },
  'PUT /events/:id/ticket-types/order': {
    call: (f) => ({
      method: 'PUT',
      url: `/api/events/${f.draft}/ticket-types/order`,
      payload: { ticketTypeIds: [f.ticketTypeId] },
    }),
    ok: 200,
  },
  'PATCH /events/:id/ticket-types/:ticketTypeId': {
    call: (f) => ({
      method: 'PATCH',
      url: `/api/events/${f.draft}/ticket-types/${f.ticketTypeId}`,
      payload: { capacity: 120 },
    }),
    ok: 200,
  },
  'DELETE /events/:id/ticket-types/:ticketTypeId': {
    call: (f) => ({ method: 'DELETE', url: `/api/events/${f.draft}/ticket-types/${f.ticketTypeId}` }),
    ok: 204,
  },
  'POST /events/:id/capacity-pools': {
    call: (f) => ({
      method: 'POST',
      url: `/api/events/${f.draft}/capacity-pools`,
      payload: { name: 'Balcony', capacity: 40 },
    }),
    ok: 201,
  },
  'PATCH /events/:id/capacity-pools/:poolId': {
    call: (f) => ({
      method: 'PATCH',
      url: `/api/events/${f.draft}/capacity-pools/${f.poolId}`,
      payload: { capacity: 200 },
    }),
    ok: 200,
  },
  'DELETE /events/:id/capacity-pools/:poolId': {
    call: (f) => ({ method: 'DELETE', url: `/api/events/${f.draft}/capacity-pools/${f.poolId}` }),
    ok: 204,
  },
};

describe.each(Object.entries(ENDPOINTS))('%s', (_, { call, ok }) => {
  it('is granted to ALL', async () => {
    const f = await fixture();
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(response.statusCode, response.body).toBe(ok);
  });

  it('is granted to EVENT', async () => {
    const f = await fixture();
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(staffBy.get('EVENT')!.accessToken, team.organizationId),
    });
    expect(response.statusCode, response.body).toBe(ok);
  });

  it.each(REFUSED)('is refused to %s staff, changing nothing', async (permission) => {
    const f = await fixture();
    const before = await eventsSnapshot(t.app, team.organizationId);
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(staffBy.get(permission)!.accessToken, team.organizationId),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect(await eventsSnapshot(t.app, team.organizationId)).toEqual(before);
  });

  it('is refused to another organisation, whose own view has no such rows', async () => {
    const f = await fixture();
    const before = await eventsSnapshot(t.app, team.organizationId);
    const asForeign = await t.app.inject({
      ...call(f),
      headers: orgHeaders(outsider.admin.accessToken, team.organizationId),
    });
    expect(asForeign.statusCode).toBe(403);
    if (/\/events\/[0-9a-f-]{36}/.test(call(f).url)) {
      const asOwn = await t.app.inject({
        ...call(f),
        headers: orgHeaders(outsider.admin.accessToken, outsider.organizationId),
      });
      expect(asOwn.statusCode, asOwn.body).toBe(404);
      expect(asOwn.json().error.code).toBe('not-found');
    }
    expect(await eventsSnapshot(t.app, team.organizationId)).toEqual(before);
  });
});
