import { capacityPools, events, ticketTypes } from '@guichet/db/schema/events';
import { auditLog } from '@guichet/db/schema/teams';
import type { EventDetail, EventPage } from '@guichet/shared/events';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import { addTicketType, client, createEvent, DAY, eventBody } from '../../../test/support/events';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newTeam, type Team } from '../../../test/support/teams';
import { takeCapacity } from '../orders/capacity.repository';
import { sanitizeHtml } from './sanitize-html';

class RolledBack extends Error {}

/** Holds places as a reservation does, in a transaction of its own that a refusal rolls back. */
async function reserveCapacity(organizationId: string, ticketTypeId: string, quantity: number) {
  try {
    await t.app.ctx.db.transaction(async (tx) => {
      const result = await takeCapacity(tx, organizationId, [{ ticketTypeId, quantity }], 'held');
      if (!result.taken) throw new RolledBack();
    });
    return true;
  } catch (error) {
    if (error instanceof RolledBack) return false;
    throw error;
  }
}

let t: TestContext;
let team: Team;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp();
  team = await newTeam(t.app, 'Events Org');
  call = client(t.app, team.admin.accessToken, team.organizationId);
});
afterAll(async () => t.close());

const newEvent = (overrides = {}) =>
  createEvent(t.app, team.admin.accessToken, team.organizationId, overrides);
const newType = (eventId: string, body = {}) =>
  addTicketType(t.app, team.admin.accessToken, team.organizationId, eventId, body);

function expectFieldError(response: { statusCode: number; json(): unknown }, path: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { error: { code: string; details: { path: string }[] } };
  expect(body.error.code).toBe('argument-error');
  expect(body.error.details.map((detail) => detail.path)).toContain(path);
}

describe('creating an event', () => {
  it('stores a draft with a slug, sanitised description and the venue', async () => {
    const event = await newEvent({ description: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(event).toMatchObject({
      status: 'draft',
      slug: 'summer-concert',
      description: '<p>Hi</p>',
      venue: { name: 'La Cigale', latitude: 48.882, longitude: 2.34 },
      currency: 'EUR',
      ticketTypes: [],
    });
    const again = await newEvent();
    expect(again.slug).toBe('summer-concert-2');
  });

  const soon = Date.now() + 10 * DAY;
  it.each([
    [
      'an end before the start',
      { endsAt: new Date(soon - DAY).toISOString(), startsAt: new Date(soon).toISOString() },
      'body.endsAt',
    ],
    ['a start in the past', { startsAt: new Date(Date.now() - DAY).toISOString() }, 'body.startsAt'],
    ['an in-person event without a venue', { venueName: null }, 'body.venueName'],
    ['one coordinate without the other', { longitude: null }, 'body.longitude'],
    ['an online event without a link', { locationType: 'online' }, 'body.onlineUrl'],
    [
      'a link that is not http',
      { locationType: 'online', onlineUrl: 'javascript:alert(1)' },
      'body.onlineUrl',
    ],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'body.timeZone'],
    ['a latitude out of range', { latitude: 91 }, 'body.latitude'],
    ['an empty name', { name: '  ' }, 'body.name'],
    ['a date without offset', { startsAt: '2030-01-01 10:00' }, 'body.startsAt'],
    ['an unknown field', { capacity: 3 }, 'body'],
    ['a cover file of nobody', { coverFileId: '01900000-0000-7000-8000-000000000000' }, 'body.coverFileId'],
  ])('refuses %s with the field named', async (_, overrides, path) => {
    const before = await t.app.ctx.db.select({ id: events.id }).from(events);
    const response = await call('POST', '/api/events', { ...eventBody(), ...overrides });
    if (path === 'body') {
      expect(response.statusCode).toBe(400);
    } else {
      expectFieldError(response, path);
    }
    expect(await t.app.ctx.db.select({ id: events.id }).from(events)).toHaveLength(before.length);
  });

  it('gives events created at the same moment with the same name distinct slugs', async () => {
    const created = await Promise.all(
      Array.from({ length: 6 }, () => newEvent({ name: 'Simultaneous Night' })),
    );
    const slugs = created.map((event) => event.slug);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs).toContain('simultaneous-night');
  });

  it('accepts an online event and keeps no venue', async () => {
    const event = await newEvent({ locationType: 'online', onlineUrl: 'https://meet.example.com/x' });
    expect(event.venue).toBeNull();
    expect(event.onlineUrl).toBe('https://meet.example.com/x');
  });

  it('refuses bad ids and malformed JSON with 400, never 5xx', async () => {
    expect((await call('GET', '/api/events/not-a-uuid')).statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: {
        authorization: `Bearer ${team.admin.accessToken}`,
        'x-organization-id': team.organizationId,
        'content-type': 'application/json',
      },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await call('GET', '/api/events?limit=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/events?status=gone')).statusCode).toBe(400);
  });
});

describe('editing', () => {
  it('audits the fields that changed and refuses an end before the start', async () => {
    const event = await newEvent();
    const renamed = await call('PATCH', `/api/events/${event.id}`, { name: 'Winter Concert' });
    expect(renamed.json<EventDetail>().name).toBe('Winter Concert');
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, event.id), eq(auditLog.action, 'event.updated')));
    expect(entry?.before).toEqual({ name: 'Summer Concert' });
    expect(entry?.after).toEqual({ name: 'Winter Concert' });
    expectFieldError(
      await call('PATCH', `/api/events/${event.id}`, { endsAt: new Date(Date.now() + DAY).toISOString() }),
      'body.endsAt',
    );
    expectFieldError(await call('PATCH', `/api/events/${event.id}`, { venueName: null }), 'body.venueName');
  });

  it('validates ticket types', async () => {
    const event = await newEvent();
    const url = `/api/events/${event.id}/ticket-types`;
    const base = { name: 'A', priceMinor: 100, capacity: 5 };
    expectFieldError(await call('POST', url, { ...base, priceMinor: 10.5 }), 'body.priceMinor');
    expectFieldError(await call('POST', url, { ...base, priceMinor: -1 }), 'body.priceMinor');
    expectFieldError(await call('POST', url, { ...base, capacity: -1 }), 'body.capacity');
    expectFieldError(
      await call('POST', url, { ...base, minPerOrder: 5, maxPerOrder: 2 }),
      'body.maxPerOrder',
    );
    expectFieldError(
      await call('POST', url, {
        ...base,
        salesStart: new Date(Date.now() + 2 * DAY).toISOString(),
        salesEnd: new Date(Date.now() + DAY).toISOString(),
      }),
      'body.salesEnd',
    );
    expectFieldError(await call('POST', url, { ...base, visibility: 'secret' }), 'body.visibility');
    expectFieldError(
      await call('POST', url, { ...base, poolId: '01900000-0000-7000-8000-000000000000' }),
      'body.poolId',
    );
    const created = await newType(event.id, { priceMinor: 1999 });
    expect(created.ticketTypes[0]).toMatchObject({ priceMinor: 1999, currency: 'EUR', used: 0, left: 100 });
  });

  it('orders ticket types and refuses an incomplete order', async () => {
    const event = await newEvent();
    await newType(event.id, { name: 'One' });
    const two = await newType(event.id, { name: 'Two' });
    const [a, b] = two.ticketTypes.map((type) => type.id) as [string, string];
    const url = `/api/events/${event.id}/ticket-types/order`;
    const ordered = await call('PUT', url, { ticketTypeIds: [b, a] });
    expect(ordered.json<EventDetail>().ticketTypes.map((type) => type.name)).toEqual(['Two', 'One']);
    expectFieldError(await call('PUT', url, { ticketTypeIds: [a] }), 'body.ticketTypeIds');
    expectFieldError(await call('PUT', url, { ticketTypeIds: [a, a] }), 'body.ticketTypeIds');
  });
});

describe('capacity', () => {
  it('refuses a capacity below sold + held with capacity-below-sold', async () => {
    const event = await newEvent();
    const pool = (
      await call('POST', `/api/events/${event.id}/capacity-pools`, { name: 'Hall', capacity: 50 })
    ).json<EventDetail>().capacityPools[0]!;
    const type = (await newType(event.id, { capacity: 20, poolId: pool.id })).ticketTypes[0]!;
    await t.app.ctx.db.update(ticketTypes).set({ sold: 8, held: 2 }).where(eq(ticketTypes.id, type.id));
    await t.app.ctx.db.update(capacityPools).set({ sold: 8, held: 2 }).where(eq(capacityPools.id, pool.id));
    const tooLow = await call('PATCH', `/api/events/${event.id}/ticket-types/${type.id}`, { capacity: 9 });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().error.code).toBe('capacity-below-sold');
    const poolTooLow = await call('PATCH', `/api/events/${event.id}/capacity-pools/${pool.id}`, {
      capacity: 9,
    });
    expect(poolTooLow.json().error.code).toBe('capacity-below-sold');
    const exact = await call('PATCH', `/api/events/${event.id}/ticket-types/${type.id}`, { capacity: 10 });
    expect(exact.json<EventDetail>().ticketTypes[0]).toMatchObject({ capacity: 10, used: 10, left: 0 });
    const remove = await call('DELETE', `/api/events/${event.id}/ticket-types/${type.id}`);
    expect(remove.json().error.code).toBe('has-sales');
    const removePool = await call('DELETE', `/api/events/${event.id}/capacity-pools/${pool.id}`);
    expect(removePool.json().error.code).toBe('has-sales');
  });

  it('counts the pool in what is left', async () => {
    const event = await newEvent();
    const pool = (
      await call('POST', `/api/events/${event.id}/capacity-pools`, { name: 'Hall', capacity: 30 })
    ).json<EventDetail>().capacityPools[0]!;
    await newType(event.id, { capacity: 25, poolId: pool.id });
    const detail = await newType(event.id, { capacity: 25, poolId: pool.id });
    expect(detail.ticketTypes.map((type) => type.left)).toEqual([25, 25]);
    const [first] = detail.ticketTypes;
    expect(await reserveCapacity(team.organizationId, first!.id, 10)).toBe(true);
    const after = (await call('GET', `/api/events/${event.id}`)).json<EventDetail>();
    expect(after.ticketTypes.map((type) => type.left)).toEqual([15, 20]);
    expect(after.capacityPools[0]).toMatchObject({ held: 10, left: 20 });
  });

  it('reserves on the ticket type and its pool, both or neither', async () => {
    const event = await newEvent();
    const pool = (
      await call('POST', `/api/events/${event.id}/capacity-pools`, { name: 'Hall', capacity: 5 })
    ).json<EventDetail>().capacityPools[0]!;
    const type = (await newType(event.id, { capacity: 3, poolId: pool.id })).ticketTypes[0]!;
    const reserve = (n: number) => reserveCapacity(team.organizationId, type.id, n);
    expect(await reserve(4)).toBe(false); // the ticket type is full first: the pool's hold is given back
    const [poolRow] = await t.app.ctx.db.select().from(capacityPools).where(eq(capacityPools.id, pool.id));
    expect(poolRow?.held).toBe(0);
    expect(await reserve(3)).toBe(true);
    expect(await reserve(1)).toBe(false);
    const other = await newTeam(t.app, 'Other');
    expect(await reserveCapacity(other.organizationId, type.id, 1)).toBe(false);
  });

  it.skipIf(!onPostgres)(
    'never holds more than the capacity under concurrent reservations (PostgreSQL; PGlite has one connection, so nothing runs concurrently there)',
    async () => {
      const event = await newEvent();
      const single = (await newType(event.id, { capacity: 25 })).ticketTypes[0]!;
      const results = await Promise.all(
        Array.from({ length: 40 }, () => reserveCapacity(team.organizationId, single.id, 1)),
      );
      expect(results.filter(Boolean)).toHaveLength(25);
      const [row] = await t.app.ctx.db.select().from(ticketTypes).where(eq(ticketTypes.id, single.id));
      expect(row?.held).toBe(25);

      // Two ticket types of 20 sharing a pool of 25: the pool is the limit.
      const pooled = await newEvent();
      const pool = (
        await call('POST', `/api/events/${pooled.id}/capacity-pools`, { name: 'Hall', capacity: 25 })
      ).json<EventDetail>().capacityPools[0]!;
      await newType(pooled.id, { capacity: 20, poolId: pool.id });
      const types = (await newType(pooled.id, { capacity: 20, poolId: pool.id })).ticketTypes;
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, i) => reserveCapacity(team.organizationId, types[i % 2]!.id, 1)),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(25);
      const [poolRow] = await t.app.ctx.db.select().from(capacityPools).where(eq(capacityPools.id, pool.id));
      const typeRows = await t.app.ctx.db.select().from(ticketTypes).where(eq(ticketTypes.poolId, pool.id));
      expect(poolRow?.held).toBe(25);
      expect(typeRows.reduce((sum, type) => sum + type.held, 0)).toBe(25);
    },
  );
});

describe('status changes', () => {
  it('publishes only with a ticket type, unpublishes, cancels with a reason, and audits each', async () => {
    const event = await newEvent();
    const empty = await call('POST', `/api/events/${event.id}/publish`);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error.code).toBe('no-ticket-types');
    await newType(event.id);
    expect((await call('POST', `/api/events/${event.id}/publish`)).json().status).toBe('published');
    expect((await call('POST', `/api/events/${event.id}/publish`)).json().error.code).toBe(
      'invalid-status-transition',
    );
    expect((await call('POST', `/api/events/${event.id}/unpublish`)).json().status).toBe('draft');
    expectFieldError(await call('POST', `/api/events/${event.id}/cancel`, { reason: '' }), 'body.reason');
    const cancelled = await call('POST', `/api/events/${event.id}/cancel`, { reason: 'Storm warning' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Storm warning' });
    expect((await call('POST', `/api/events/${event.id}/publish`)).statusCode).toBe(409);
    expect((await call('PATCH', `/api/events/${event.id}`, { name: 'X' })).json().error.code).toBe(
      'invalid-status-transition',
    );
    const actions = (
      await t.app.ctx.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, event.id))
    ).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['event.created', 'event.published', 'event.unpublished', 'event.cancelled']),
    );
  });

  it('archives only events that have ended', async () => {
    const event = await newEvent();
    const early = await call('POST', `/api/events/${event.id}/archive`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('event-not-ended');
    await t.app.ctx.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - DAY) })
      .where(eq(events.id, event.id));
    expect((await call('POST', `/api/events/${event.id}/archive`)).json().status).toBe('archived');
    expect((await call('POST', `/api/events/${event.id}/archive`)).statusCode).toBe(409);
  });
});

describe('duplicating', () => {
  it('copies the event as a draft with its ticket types and pools, counts at zero', async () => {
    const event = await newEvent({ name: 'Gala' });
    const pool = (
      await call('POST', `/api/events/${event.id}/capacity-pools`, { name: 'Hall', capacity: 50 })
    ).json<EventDetail>().capacityPools[0]!;
    const withTypes = await newType(event.id, { name: 'Seat', poolId: pool.id, capacity: 30 });
    await t.app.ctx.db
      .update(ticketTypes)
      .set({ sold: 5 })
      .where(eq(ticketTypes.id, withTypes.ticketTypes[0]!.id));
    await call('POST', `/api/events/${event.id}/publish`);
    const response = await call('POST', `/api/events/${event.id}/duplicate`);
    expect(response.statusCode).toBe(201);
    const copy = response.json<EventDetail>();
    expect(copy).toMatchObject({ status: 'draft', name: 'Gala (copy)', slug: 'gala-copy' });
    expect(copy.id).not.toBe(event.id);
    expect(copy.capacityPools).toHaveLength(1);
    expect(copy.capacityPools[0]!.id).not.toBe(pool.id);
    expect(copy.ticketTypes[0]).toMatchObject({
      name: 'Seat',
      sold: 0,
      held: 0,
      capacity: 30,
      poolId: copy.capacityPools[0]!.id,
    });
  });
});

describe('listing', () => {
  it('pages with a cursor and filters by search, status and dates', async () => {
    const other = await newTeam(t.app, 'Listing Org');
    const list = client(t.app, other.admin.accessToken, other.organizationId);
    for (let i = 0; i < 5; i += 1) {
      const start = Date.now() + (i + 1) * DAY;
      const response = await list('POST', '/api/events', {
        ...eventBody({ name: `Night ${i}` }),
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 3600_000).toISOString(),
      });
      expect(response.statusCode).toBe(201);
    }
    const first = (await list('GET', '/api/events?limit=2')).json<EventPage>();
    expect(first.items.map((item) => item.name)).toEqual(['Night 0', 'Night 1']);
    expect(first.items[0]).toMatchObject({ venue: { latitude: 48.882 }, ticketTypeCount: 0, capacity: 0 });
    const second = (await list('GET', `/api/events?limit=2&cursor=${first.nextCursor}`)).json<EventPage>();
    expect(second.items.map((item) => item.name)).toEqual(['Night 2', 'Night 3']);
    const byName = (await list('GET', '/api/events?sort=-name&limit=10')).json<EventPage>();
    expect(byName.items[0]?.name).toBe('Night 4');
    expect((await list('GET', '/api/events?q=night%203')).json<EventPage>().items).toHaveLength(1);
    expect((await list('GET', '/api/events?status=published')).json<EventPage>().items).toHaveLength(0);
    const to = encodeURIComponent(new Date(Date.now() + 2.5 * DAY).toISOString());
    expect((await list('GET', `/api/events?to=${to}`)).json<EventPage>().items).toHaveLength(2);
    // Another organisation's events never appear.
    const mine = (await list('GET', '/api/events?limit=100')).json<EventPage>();
    expect(mine.items).toHaveLength(5);
  });
});

describe('listing: every sort, page by page', () => {
  it('walks every page of every sort in order, with ticket totals, and combines filters', async () => {
    const other = await newTeam(t.app, 'Sorting Org');
    const list = client(t.app, other.admin.accessToken, other.organizationId);
    // Names out of date order, two events at the same start (the id breaks the tie).
    const names = ['Delta', 'Alpha', 'Charlie', 'Bravo 100%', 'Echo_1', 'Foxtrot'];
    const created: EventDetail[] = [];
    for (const [i, name] of names.entries()) {
      const start = Date.now() + (10 - Math.min(i, 4)) * DAY;
      created.push(
        await createEvent(t.app, other.admin.accessToken, other.organizationId, {
          name,
          startsAt: new Date(start).toISOString(),
          endsAt: new Date(start + 3600_000).toISOString(),
        }),
      );
    }
    const first = created[0]!;
    await list('POST', `/api/events/${first.id}/ticket-types`, { name: 'A', priceMinor: 100, capacity: 30 });
    await list('POST', `/api/events/${first.id}/ticket-types`, { name: 'B', priceMinor: 100, capacity: 12 });

    const byStart = [...created].sort(
      (a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id),
    );
    const byName = [...created].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : a.id.localeCompare(b.id),
    );
    const expected: Record<string, EventDetail[]> = {
      startsAt: byStart,
      '-startsAt': [...byStart].reverse(),
      name: byName,
      '-name': [...byName].reverse(),
      createdAt: created,
      '-createdAt': [...created].reverse(),
    };
    for (const [sort, order] of Object.entries(expected)) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/events?limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`;
        const page: EventPage = (await list('GET', query)).json<EventPage>();
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(order.map((event) => event.id));
    }

    const all = (await list('GET', '/api/events?limit=100')).json<EventPage>().items;
    expect(all.find((item) => item.id === first.id)).toMatchObject({
      ticketTypeCount: 2,
      capacity: 42,
      sold: 0,
    });
    // LIKE wildcards in a search are plain characters.
    expect((await list('GET', '/api/events?q=100%25')).json<EventPage>().items.map((i) => i.name)).toEqual([
      'Bravo 100%',
    ]);
    expect((await list('GET', '/api/events?q=o_1')).json<EventPage>().items.map((i) => i.name)).toEqual([
      'Echo_1',
    ]);
    const from = encodeURIComponent(new Date(Date.now() + 8 * DAY).toISOString());
    const to = encodeURIComponent(new Date(Date.now() + 9.5 * DAY).toISOString());
    const window = (
      await list('GET', `/api/events?from=${from}&to=${to}&status=draft&q=ARL`)
    ).json<EventPage>();
    expect(window.items.map((item) => item.name)).toEqual(['Charlie']);
    // A cursor that cannot be read starts from the beginning rather than failing.
    expect((await list('GET', '/api/events?cursor=not-a-cursor')).statusCode).toBe(200);
  });
});

describe('the description sanitiser', () => {
  it.each([
    ['<p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    [
      '<a href="https://example.com/?a=1&amp;b=2" onclick="x">x</a>',
      // The same address: sanitize-html writes `&` as `&amp;` (decision 021).
      '<a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<style>p{}</style><p>a', '<p>a</p>'],
    ['<svg><script>alert(1)</script></svg>b', 'b'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ['<!-- c --><em>e</strong>', '<em>e</em>'],
    ['<p title="a>b">t</p>', '<p>t</p>'],
  ])('%s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });
});
