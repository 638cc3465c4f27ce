import { events } from '@guichet/db/schema/events';
import { orders } from '@guichet/db/schema/orders';
import { checkinLists } from '@guichet/db/schema/scan';
import type { Attention, DashboardEvents } from '@guichet/shared/dashboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardGet } from '../../../test/support/dashboard';
import { boxOfficeOrder, offlineOrder } from '../../../test/support/finances';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop } from '../../../test/support/orders';
import { addList, issue, redeem, scan, TEST_ENV } from '../../../test/support/scan';

/** Upcoming and current events with their sales and headcount, and what needs attention. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const get = <T>(shop: Shop, url: string) =>
  dashboardGet(t.app, shop.admin.accessToken, shop.organizationId, url).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });

async function moveEvent(eventId: string, startsInMs: number) {
  const startsAt = new Date(Date.now() + startsInMs);
  await t.app.ctx.db
    .update(events)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 3 * HOUR) })
    .where(eq(events.id, eventId));
}

describe('GET /dashboard/events', () => {
  it('gives an upcoming event its fill rate and pace against the previous event at the same lead', async () => {
    // The previous event: sold 3 tickets in all, 1 of them 10 days or more before it started.
    const past = await newShop(t.app, [{ name: 'Standard', priceMinor: 1000, capacity: 10 }]);
    const early = await boxOfficeOrder(t.app, past, 1);
    await boxOfficeOrder(t.app, past, 2);
    await moveEvent(past.event.id, -5 * 24 * HOUR);
    await t.app.ctx.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 6 * 24 * HOUR) })
      .where(eq(orders.organizationId, past.organizationId));
    await t.app.ctx.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 30 * 24 * HOUR) })
      .where(eq(orders.id, early.id));
    // The upcoming event of the same organisation, 10 days ahead, 4 of 10 sold.
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: {
        authorization: `Bearer ${past.admin.accessToken}`,
        'x-organization-id': past.organizationId,
      },
      payload: {
        name: 'Next one',
        startsAt: new Date(Date.now() + 10 * 24 * HOUR).toISOString(),
        endsAt: new Date(Date.now() + 10 * 24 * HOUR + 3 * HOUR).toISOString(),
        timeZone: 'Europe/Paris',
        locationType: 'venue',
        venueName: 'Hall',
        venueAddress: 'Nantes',
      },
    });
    expect(next.statusCode, next.body).toBe(201);
    const nextId = next.json<{ id: string }>().id;
    const typed = await past.call('POST', `/api/events/${nextId}/ticket-types`, {
      name: 'Standard',
      priceMinor: 1000,
      capacity: 10,
    });
    expect(typed.statusCode, typed.body).toBe(201);
    expect((await past.call('POST', `/api/events/${nextId}/publish`)).statusCode).toBe(200);
    const nextShop: Shop = { ...past, event: (await past.call('GET', `/api/events/${nextId}`)).json() };
    await boxOfficeOrder(t.app, nextShop, 4);

    const answer = await get<DashboardEvents>(past, '/api/dashboard/events');
    expect(answer.now).toEqual([]);
    expect(answer.upcoming).toEqual([
      expect.objectContaining({
        id: nextId,
        capacity: 10,
        ticketsSold: 4,
        fillRate: 0.4,
        soldLast7Days: 4,
        comparable: { id: past.event.id, name: past.event.name, ticketsSold: 3, soldSameTimeBefore: 1 },
      }),
    ]);
  });

  it('gives an event happening now its live headcount across its gates', async () => {
    const shop = await newShop(t.app);
    const gate = await addList(shop, { name: 'North' });
    const other = await addList(shop, { name: 'South' });
    const [a, b] = await issue(shop, 2);
    await moveEvent(shop.event.id, -HOUR);
    await redeem(shop, scan(a!.secret, [gate.id]));
    await redeem(shop, scan(b!.secret, [other.id]));
    const answer = await get<DashboardEvents>(shop, '/api/dashboard/events');
    expect(answer.upcoming).toEqual([]);
    expect(answer.now).toEqual([
      expect.objectContaining({ id: shop.event.id, insideNow: 2, checkedIn: 2, ticketsSold: 2 }),
    ]);
  });
});

describe('GET /dashboard/attention', () => {
  it('lists old unpaid offline orders, events near capacity and events without a check-in list', async () => {
    const shop = await newShop(t.app, [{ name: 'Standard', priceMinor: 1000, capacity: 4 }]);
    // Every new event starts with an entrance list: remove it, as an organiser may.
    await t.app.ctx.db.delete(checkinLists).where(eq(checkinLists.eventId, shop.event.id));
    const { orderId } = await offlineOrder(t.app, shop, 1);
    await boxOfficeOrder(t.app, shop, 3);
    const fresh = await get<Attention>(shop, '/api/dashboard/attention');
    expect(fresh.items.map((item) => item.kind).sort()).toEqual(['near-capacity', 'no-checkin-list']);
    await t.app.ctx.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * HOUR) })
      .where(eq(orders.id, orderId));
    await addList(shop);
    const later = await get<Attention>(shop, '/api/dashboard/attention?unpaidDays=7');
    expect(later.items).toEqual(
      expect.arrayContaining([
        { kind: 'offline-unpaid', count: 1, eventId: shop.event.id, eventName: shop.event.name },
        { kind: 'near-capacity', count: 1, eventId: shop.event.id, eventName: shop.event.name },
      ]),
    );
    expect(later.items.some((item) => item.kind === 'no-checkin-list')).toBe(false);
    const bad = await dashboardGet(
      t.app,
      shop.admin.accessToken,
      shop.organizationId,
      '/api/dashboard/attention?unpaidDays=0',
    );
    expect(bad.statusCode).toBe(400);
  });
});
