import { randomUUID } from 'node:crypto';
import { acquisitionTouches, orderAttributions, trackingLinks } from '@guichet/db/schema/acquisition';
import { orders } from '@guichet/db/schema/orders';
import type { Funnel, FunnelRow } from '@guichet/shared/acquisition';
import type { PublicOrder } from '@guichet/shared/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, visit } from '../../../test/support/acquisition';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import {
  bought,
  newShop,
  orderBody,
  orderIdOf,
  type Shop,
  TEST_ENV,
  typeId,
} from '../../../test/support/orders';
import { startOfDay } from './funnel.service';

/** Every figure of the funnel equals a recompute from the raw rows: touches, attributions, orders. */

let t: TestContext;
let shop: Shop;
let secondEventShop: Shop;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await newShop(t.app, [
    { name: 'Free', priceMinor: 0, capacity: 1000 },
    { name: 'Standard', priceMinor: 2500, capacity: 1000 },
  ]);
  secondEventShop = await newShop(t.app);
  await activity(shop);
  await activity(secondEventShop);
}, 120_000);
afterAll(async () => t.close());

const today = new Date().toISOString().slice(0, 10);

/** Visits from several sources, checkouts, free and offline orders, some paid, one refunded in part. */
async function activity(target: Shop) {
  const poster = await createLink(t.app, target, { name: 'Poster', channel: 'poster' });
  const insta = await createLink(t.app, target, { name: 'Insta', channel: 'social' });
  const paidType = target.event.ticketTypes.find((type) => type.priceMinor > 0)?.id ?? typeId(target);
  const freeType = target.event.ticketTypes.find((type) => type.priceMinor === 0)?.id;
  const journeys: { visits: object[]; checkout: boolean; order?: 'free' | 'paid' | 'unpaid' | 'refunded' }[] =
    [
      { visits: [{ link: poster.code }], checkout: true, order: 'paid' },
      { visits: [{ link: poster.code }, {}], checkout: true, order: 'refunded' },
      { visits: [{ link: insta.code }], checkout: false },
      {
        visits: [{ referrer: 'https://www.google.com/' }, { link: insta.code }],
        checkout: true,
        order: 'paid',
      },
      { visits: [{ utmSource: 'letter', utmMedium: 'email' }], checkout: true, order: 'unpaid' },
      { visits: [{}], checkout: true, order: 'paid' },
      { visits: [{}, {}], checkout: false },
      {
        visits: [{ referrer: 'https://blog.example.net/' }],
        checkout: true,
        order: freeType ? 'free' : 'paid',
      },
    ];
  for (const journey of journeys) {
    const visitorId = randomUUID();
    for (const body of journey.visits) await visit(t.app, target, { visitorId, ...body });
    if (journey.checkout) await visit(t.app, target, { visitorId, kind: 'checkout' });
    if (!journey.order) continue;
    const free = journey.order === 'free' && freeType;
    const order = await bought(
      t.app,
      target,
      orderBody(target, {
        visitorId,
        lines: [{ ticketTypeId: free ? freeType : paidType, quantity: 2 }],
        paymentMethod: free ? 'free' : 'offline',
      }),
    );
    if (journey.order === 'paid' || journey.order === 'refunded') {
      const id = await orderIdOf(t.app, order.code);
      expect((await target.call('POST', `/api/orders/${id}/mark-paid`)).statusCode).toBe(200);
      if (journey.order === 'refunded') {
        const refund = await target.call('POST', `/api/orders/${id}/refunds`, { amountMinor: 1000 });
        expect(refund.statusCode, refund.body).toBe(200);
      }
    }
  }
  // Orders without a visit: a buyer with no visitor id, and the box office (not part of the funnel).
  await bought(t.app, target, orderBody(target, { lines: [{ ticketTypeId: paidType, quantity: 1 }] }));
  const boxOffice = await target.call('POST', `/api/events/${target.event.id}/orders`, {
    buyer: { name: 'Door', email: 'door@example.com' },
    lines: [{ ticketTypeId: paidType, quantity: 1 }],
    payment: 'paid',
  });
  expect(boxOffice.statusCode, boxOffice.body).toBe(201);
  return (await bought(t.app, target, orderBody(target))) satisfies PublicOrder;
}

/** The funnel recomputed from the raw rows of the organisation, by a different road than the API's. */
async function recompute(
  organizationId: string,
  options: { eventId?: string; groupBy: 'channel' | 'link'; model: 'first' | 'last'; from: Date; to: Date },
) {
  const db = t.app.ctx.db;
  const touches = (await db.select().from(acquisitionTouches)).filter(
    (row) =>
      row.organizationId === organizationId &&
      (!options.eventId || row.eventId === options.eventId) &&
      row.occurredAt >= options.from &&
      row.occurredAt < options.to,
  );
  const allTouches = new Map((await db.select().from(acquisitionTouches)).map((row) => [row.id, row]));
  const links = new Map((await db.select().from(trackingLinks)).map((row) => [row.id, row.name]));
  const attributions = new Map((await db.select().from(orderAttributions)).map((row) => [row.orderId, row]));
  const paid = (await db.select().from(orders).where(eq(orders.organizationId, organizationId))).filter(
    (row) =>
      row.channel === 'online' &&
      row.paidAt !== null &&
      (!options.eventId || row.eventId === options.eventId) &&
      row.createdAt >= options.from &&
      row.createdAt < options.to,
  );
  const keyOf = (channel: string, linkId: string | null) =>
    options.groupBy === 'link' ? `${channel}/${linkId ?? ''}` : channel;
  const rows = new Map<string, FunnelRow>();
  const rowOf = (channel: string, linkId: string | null) => {
    const key = keyOf(channel, linkId);
    const found = rows.get(key);
    if (found) return found;
    const row: FunnelRow = {
      channel,
      linkId: options.groupBy === 'link' ? linkId : null,
      linkName: options.groupBy === 'link' && linkId ? (links.get(linkId) ?? null) : null,
      visits: 0,
      checkouts: 0,
      paidOrders: 0,
      netRevenue: [],
      checkoutRate: null,
      paidRate: null,
      conversionRate: null,
    };
    rows.set(key, row);
    return row;
  };
  for (const touch of touches) {
    const row = rowOf(touch.channel, touch.linkId);
    if (touch.kind === 'visit') row.visits += 1;
    else row.checkouts += 1;
  }
  for (const order of paid) {
    const attribution = attributions.get(order.id);
    const touchId = options.model === 'first' ? attribution?.firstTouchId : attribution?.lastTouchId;
    const touch = touchId ? allTouches.get(touchId) : undefined;
    const row = rowOf(touch?.channel ?? 'direct', touch?.linkId ?? null);
    row.paidOrders += 1;
    const net = order.totalMinor - order.refundedMinor;
    const amount = row.netRevenue.find((entry) => entry.currency === order.currency);
    if (amount) amount.amountMinor += net;
    else row.netRevenue.push({ currency: order.currency, amountMinor: net });
  }
  for (const row of rows.values()) {
    row.checkoutRate = row.visits ? row.checkouts / row.visits : null;
    row.paidRate = row.checkouts ? row.paidOrders / row.checkouts : null;
    row.conversionRate = row.visits ? row.paidOrders / row.visits : null;
  }
  return rows;
}

describe('the funnel', () => {
  it.each([
    ['channel', 'last', true],
    ['channel', 'first', true],
    ['link', 'last', true],
    ['link', 'first', false],
    ['channel', 'last', false],
  ] as const)(
    'by %s with %s touch (one event: %s) equals a recompute from the raw rows',
    async (groupBy, model, oneEvent) => {
      const query = new URLSearchParams({ from: today, to: today, groupBy, model });
      if (oneEvent) query.set('eventId', shop.event.id);
      const response = await shop.call('GET', `/api/acquisition/funnel?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const funnel = response.json<Funnel>();
      const from = startOfDay(today, 'UTC');
      const expected = await recompute(shop.organizationId, {
        groupBy,
        model,
        from,
        to: new Date(from.getTime() + 86_400_000),
        ...(oneEvent ? { eventId: shop.event.id } : {}),
      });
      const key = (row: FunnelRow) => `${row.channel}/${row.linkId ?? ''}`;
      const sorted = (rows: FunnelRow[]) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
      expect(sorted(funnel.rows)).toEqual(sorted([...expected.values()]));
      const sum = (pick: (row: FunnelRow) => number) =>
        funnel.rows.reduce((total, row) => total + pick(row), 0);
      expect(funnel.total.visits).toBe(sum((row) => row.visits));
      expect(funnel.total.checkouts).toBe(sum((row) => row.checkouts));
      expect(funnel.total.paidOrders).toBe(sum((row) => row.paidOrders));
      expect(funnel.total.netRevenue).toEqual([
        { currency: 'EUR', amountMinor: sum((row) => row.netRevenue[0]?.amountMinor ?? 0) },
      ]);
      // The scenario's own figures, so a recompute that shared a mistake with the API would still fail.
      if (oneEvent && groupBy === 'channel' && model === 'last') {
        const byChannel = Object.fromEntries(funnel.rows.map((row) => [row.channel, row]));
        expect(byChannel.poster).toMatchObject({ visits: 2, checkouts: 2, paidOrders: 2 });
        expect(byChannel.poster?.netRevenue).toEqual([{ currency: 'EUR', amountMinor: 2 * 5000 - 1000 }]);
        expect(byChannel.social).toMatchObject({ visits: 2, checkouts: 1, paidOrders: 1 });
        expect(byChannel.search).toMatchObject({ visits: 1, checkouts: 0, paidOrders: 0 });
        expect(byChannel.referral).toMatchObject({
          visits: 1,
          checkouts: 1,
          paidOrders: 1,
          netRevenue: [{ currency: 'EUR', amountMinor: 0 }],
        });
      }
    },
  );

  it('is empty outside the period and for another organisation', async () => {
    const response = await shop.call('GET', '/api/acquisition/funnel?from=2020-01-01&to=2020-01-31');
    expect(response.json<Funnel>().rows).toEqual([]);
    const foreign = await shop.call(
      'GET',
      `/api/acquisition/funnel?from=${today}&to=${today}&eventId=${secondEventShop.event.id}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad periods and time zones with 400', async () => {
    for (const query of [
      'from=2026-02-01&to=2026-01-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-01-01',
      'from=nope&to=2026-01-01',
      `from=${today}&to=${today}&timeZone=Mars/Olympus`,
      `from=${today}&to=${today}&groupBy=ticket`,
      `from=${today}&to=${today}&model=linear`,
    ]) {
      const response = await shop.call('GET', `/api/acquisition/funnel?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('exports as CSV in the reader’s conventions', async () => {
    const query = `from=${today}&to=${today}&eventId=${shop.event.id}`;
    const english = await shop.call('GET', `/api/acquisition/funnel.csv?${query}`);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/csv');
    expect(english.headers['content-disposition']).toContain('attachment');
    const lines = english.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Channel,Link,Visits,Checkouts started,Paid orders,Currency,Net revenue,Visit to checkout (%),Checkout to paid (%),Visit to paid (%)',
    );
    expect(lines).toContain('poster,,2,2,2,EUR,90.00,100,100,100');
    const french = await shop.call('GET', `/api/acquisition/funnel.csv?${query}&locale=fr`);
    const frenchLines = french.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(frenchLines[0]?.startsWith('Canal;Lien;Visites')).toBe(true);
    expect(frenchLines).toContain('poster;;2;2;2;EUR;90,00;100;100;100');
  });
});
