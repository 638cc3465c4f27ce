import type { Page } from '@guichet/shared/paging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, DAY } from '../test/support/events';
import { createTestApp, type TestContext } from '../test/support/harness';
import { newShop, type Shop } from '../test/support/orders';

// Decision 039: the lists converted to `{ items, nextCursor }`, walked a page of one or two at a time, give
// what one large page gives, in the same order, each row once; ties on the sort key are broken by the id.

let t: TestContext;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await newShop(t.app);
  // Two more events starting at the same instant: the keyset must break the tie on the id.
  const startsAt = new Date(Date.now() + 10 * DAY).toISOString();
  const endsAt = new Date(Date.now() + 10 * DAY + 3_600_000).toISOString();
  for (const name of ['Matinee', 'Evening']) {
    await createEvent(t.app, shop.admin.accessToken, shop.organizationId, { name, startsAt, endsAt });
  }
  for (const name of ['North gate', 'South gate', 'Staff door']) {
    const response = await shop.call('POST', `/api/events/${shop.event.id}/checkin-lists`, { name });
    expect(response.statusCode, response.body).toBe(201);
  }
  for (const name of ['Zebra club', 'alpha club', 'Mid club']) {
    expect((await shop.call('POST', '/api/member-lists', { name })).statusCode).toBe(201);
  }
  for (const who of ['one', 'two', 'three']) {
    const response = await shop.call('POST', '/api/teams/invitations', {
      email: `${who}-${Date.now()}@example.com`,
      permissions: ['SCAN'],
    });
    expect(response.statusCode, response.body).toBe(201);
  }
}, 300_000);
afterAll(async () => t?.close());

async function read<Item>(url: string): Promise<Page<Item>> {
  const response = await shop.call('GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<Page<Item>>();
}

/** The ids of every page of `size`, following the cursors to the end. */
async function walk(path: string, size: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  const join = path.includes('?') ? '&' : '?';
  do {
    const page: Page<{ id: string }> = await read(
      `${path}${join}limit=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.items.length).toBeLessThanOrEqual(size);
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe('paged lists', () => {
  const lists = () => [
    `/api/events/${shop.event.id}/checkin-lists`,
    '/api/scan/events',
    '/api/customers/events',
    '/api/acquisition/events',
    '/api/member-lists',
    '/api/events/member-lists',
    '/api/teams/invitations',
  ];

  it('give every row once, in the order of one large page, whatever the page size', async () => {
    for (const path of lists()) {
      const whole = await read<{ id: string }>(`${path}?limit=100`);
      expect(whole.nextCursor, path).toBeNull();
      expect(whole.items.length, path).toBeGreaterThanOrEqual(3);
      const ids = whole.items.map((item) => item.id);
      expect(await walk(path, 1), path).toEqual(ids);
      expect(await walk(path, 2), path).toEqual(ids);
    }
  });

  it('sort the pickers as their readers expect', async () => {
    const events = (await read<{ id: string; startsAt: string }>('/api/customers/events?limit=100')).items;
    const starts = events.map((event) => event.startsAt);
    expect(starts).toEqual([...starts].sort().reverse());
    const names = (await read<{ name: string }>('/api/member-lists?limit=100')).items.map(
      (list) => list.name,
    );
    expect(names).toEqual(['alpha club', 'Mid club', 'Zebra club']);
  });

  it('refuse a limit out of bounds and start over from an unreadable cursor', async () => {
    expect((await shop.call('GET', '/api/member-lists?limit=0')).statusCode).toBe(400);
    expect((await shop.call('GET', '/api/member-lists?limit=101')).statusCode).toBe(400);
    const first = await read<{ id: string }>('/api/member-lists?limit=2');
    const garbled = await read<{ id: string }>('/api/member-lists?limit=2&cursor=not-a-cursor');
    expect(garbled).toEqual(first);
    // A well-formed cursor whose sort value is not an instant, on a list sorted by one: the first page too.
    const forged = Buffer.from(JSON.stringify(['not a date', shop.event.id])).toString('base64url');
    const events = await read<{ id: string }>('/api/customers/events?limit=2');
    expect(await read<{ id: string }>(`/api/customers/events?limit=2&cursor=${forged}`)).toEqual(events);
    expect(await read<{ id: string }>(`/api/auth/sessions?limit=2&cursor=${forged}`)).toEqual(
      await read<{ id: string }>('/api/auth/sessions?limit=2'),
    );
  });

  it('page the sessions of an account, the most recently used first', async () => {
    for (let i = 0; i < 2; i += 1) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: shop.admin.email, password: shop.admin.password },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
    }
    const whole = await read<{ id: string; lastUsedAt: string }>('/api/auth/sessions?limit=100');
    expect(whole.items.length).toBeGreaterThanOrEqual(3);
    const used = whole.items.map((session) => session.lastUsedAt);
    expect(used).toEqual([...used].sort().reverse());
    expect(await walk('/api/auth/sessions', 1)).toEqual(whole.items.map((session) => session.id));
  });
});
