import { customers, idempotencyKeys, orders, ticketSigningKeys, tickets } from '@guichet/db/schema/orders';
import { outbox } from '@guichet/db/schema/outbox';
import type { PublicEvent, PublicOrder } from '@guichet/shared/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../../test/support/events';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import {
  bought,
  buy,
  counts,
  keyHashesOf,
  newShop,
  orderBody,
  orderIdOf,
  type Shop,
  TEST_ENV,
  typeId,
} from '../../../test/support/orders';
import { verifySecret } from './ticket-secrets';

let t: TestContext;
let shop: Shop;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await newShop(t.app, [
    { name: 'Standard', priceMinor: 2500, capacity: 100, minPerOrder: 1, maxPerOrder: 6 },
    { name: 'Free', priceMinor: 0, capacity: 50 },
    { name: 'Backstage', priceMinor: 9000, capacity: 10, visibility: 'hidden' },
    {
      name: 'Later',
      priceMinor: 1000,
      capacity: 10,
      salesStart: new Date(Date.now() + 5 * DAY).toISOString(),
    },
    { name: 'Pairs', priceMinor: 1000, capacity: 10, minPerOrder: 2, maxPerOrder: 4 },
  ]);
});
afterAll(async () => t.close());

const publicUrl = (s: Shop) => `/api/public/events/${s.orgSlug}/${s.event.slug}`;

describe('the public event page', () => {
  it('shows a published event with its public ticket types on sale and the places left', async () => {
    const response = await t.app.inject({ method: 'GET', url: publicUrl(shop) });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<PublicEvent>();
    expect(page.name).toBe('Summer Concert');
    expect(page.ticketTypes.map((type) => type.name)).toEqual(['Standard', 'Free', 'Pairs']);
    expect(page.ticketTypes[0]).toMatchObject({ available: 100, minPerOrder: 1, maxPerOrder: 6 });
  });

  it('answers the same 404 for an unknown organisation, an unknown event and a draft', async () => {
    const draft = await shop.call('POST', '/api/events', {
      ...shop.event,
      name: 'Draft Night',
    });
    const answers = await Promise.all(
      [
        `/api/public/events/nobody/${shop.event.slug}`,
        `/api/public/events/${shop.orgSlug}/nothing`,
        `/api/public/events/${shop.orgSlug}/${draft.json<{ slug: string }>().slug ?? 'draft'}`,
      ].map((url) => t.app.inject({ method: 'GET', url })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(answers[0]?.json());
    }
  });
});

describe('buying', () => {
  it('completes a free order at once: paid, sold, signed tickets, customer, e-mail, one transaction', async () => {
    const body = orderBody(shop, {
      lines: [{ ticketTypeId: typeId(shop, 1), quantity: 2, attendeeNames: ['Ann'] }],
      paymentMethod: 'free',
    });
    const order = await bought(t.app, shop, body);
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'free', totalMinor: 0 });
    expect(order.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(order.tickets.map((ticket) => ticket.attendeeName)).toEqual(['Ann', null]);
    const [key] = await t.app.ctx.db
      .select()
      .from(ticketSigningKeys)
      .where(eq(ticketSigningKeys.organizationId, shop.organizationId));
    for (const ticket of order.tickets) {
      expect(verifySecret(key?.publicKey ?? '', ticket.secret ?? '')).toEqual({
        ticketId: ticket.id,
        eventId: shop.event.id,
      });
    }
    expect((await counts(t.app, shop.event.id)).types[1]).toMatchObject({ sold: 2, held: 0 });
    const [customer] = await t.app.ctx.db
      .select()
      .from(customers)
      .where(eq(customers.email, body.buyer.email));
    expect(customer).toMatchObject({ orderCount: 1, totalSpentMinor: 0, name: 'Bea Buyer' });
    await t.app.outbox.drain();
    const mail = t.mails.find((message) => message.to === body.buyer.email);
    expect(mail?.subject).toBe('Your tickets for Summer Concert');
    expect(mail?.text).toContain(`/checkout/firebase?order=${order.code}`);
  });

  it('leaves an offline order pending payment with its places sold and instructions sent', async () => {
    const body = orderBody(shop, { locale: 'fr' });
    const order = await bought(t.app, shop, body);
    expect(order).toMatchObject({ status: 'pending_payment', paymentMethod: 'offline', totalMinor: 5000 });
    expect(order.tickets.every((ticket) => ticket.secret === null)).toBe(true);
    await t.app.outbox.drain();
    const mail = t.mails.find((message) => message.to === body.buyer.email);
    expect(mail?.subject).toBe('Votre commande pour Summer Concert : paiement à effectuer');
    expect(mail?.text).toContain(order.code);
  });

  it('refuses to call a paying order free', async () => {
    const response = await buy(t.app, shop, orderBody(shop, { paymentMethod: 'free' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].path).toBe('body.paymentMethod');
  });

  it('counts one customer per e-mail, whatever its case', async () => {
    const email = `Mixed.Case.${Date.now()}@Example.com`;
    await bought(t.app, shop, orderBody(shop, { buyer: { name: 'First', email } }));
    await bought(t.app, shop, orderBody(shop, { buyer: { name: 'Second', email: email.toLowerCase() } }));
    const rows = await t.app.ctx.db
      .select()
      .from(customers)
      .where(eq(customers.organizationId, shop.organizationId));
    const mine = rows.filter((row) => row.email.toLowerCase() === email.toLowerCase());
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ orderCount: 2, name: 'Second', totalSpentMinor: 0 });
  });
});

describe('bad input: 400 with the field, never 5xx, nothing sold', () => {
  const cases: [string, (s: Shop) => unknown, string][] = [
    [
      'a negative quantity',
      (s) => orderBody(s, { lines: [{ ticketTypeId: typeId(s), quantity: -1 }] }),
      'body.lines.0.quantity',
    ],
    [
      'a zero quantity',
      (s) => orderBody(s, { lines: [{ ticketTypeId: typeId(s), quantity: 0 }] }),
      'body.lines.0.quantity',
    ],
    [
      'a fractional quantity',
      (s) => orderBody(s, { lines: [{ ticketTypeId: typeId(s), quantity: 1.5 }] }),
      'body.lines.0.quantity',
    ],
    [
      'over the maximum per order',
      (s) => orderBody(s, { lines: [{ ticketTypeId: typeId(s), quantity: 7 }] }),
      'body.lines.0.quantity',
    ],
    [
      'under the minimum per order',
      (s) => orderBody(s, { lines: [{ ticketTypeId: typeId(s, 4), quantity: 1 }] }),
      'body.lines.0.quantity',
    ],
    [
      'an unknown ticket type',
      (s) => orderBody(s, { lines: [{ ticketTypeId: '01900000-0000-7000-8000-000000000000', quantity: 1 }] }),
      'body.lines.0.ticketTypeId',
    ],
    [
      'a hidden ticket type',
      (s) => orderBody(s, { lines: [{ ticketTypeId: typeId(s, 2), quantity: 1 }] }),
      'body.lines.0.ticketTypeId',
    ],
    [
      'a ticket type not yet on sale',
      (s) => orderBody(s, { lines: [{ ticketTypeId: typeId(s, 3), quantity: 1 }] }),
      'body.lines.0.ticketTypeId',
    ],
    [
      'the same ticket type twice',
      (s) =>
        orderBody(s, {
          lines: [
            { ticketTypeId: typeId(s), quantity: 1 },
            { ticketTypeId: typeId(s), quantity: 1 },
          ],
        }),
      'body.lines.1.ticketTypeId',
    ],
    [
      'more names than tickets',
      (s) => orderBody(s, { lines: [{ ticketTypeId: typeId(s), quantity: 1, attendeeNames: ['A', 'B'] }] }),
      'body.lines.0.attendeeNames',
    ],
    ['no lines', (s) => orderBody(s, { lines: [] }), 'body.lines'],
    ['a bad e-mail', (s) => orderBody(s, { buyer: { name: 'X', email: 'not-mail' } }), 'body.buyer.email'],
    ['an unknown way to pay', (s) => ({ ...orderBody(s), paymentMethod: 'bitcoin' }), 'body.paymentMethod'],
    ['an unknown field', (s) => ({ ...orderBody(s), admin: true }), 'body'],
  ];
  it.each(cases)('refuses %s', async (_, body, path) => {
    const before = await counts(t.app, shop.event.id);
    const response = await buy(t.app, shop, body(shop));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('argument-error');
    expect(response.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await counts(t.app, shop.event.id)).toEqual(before);
  });

  it('refuses another event’s ticket type and another organisation’s event', async () => {
    const other = await newShop(t.app);
    const foreignType = await buy(
      t.app,
      shop,
      orderBody(shop, { lines: [{ ticketTypeId: typeId(other), quantity: 1 }] }),
    );
    expect(foreignType.statusCode).toBe(400);
    expect(foreignType.json().error.details[0].path).toBe('body.lines.0.ticketTypeId');
    const crossed = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${shop.orgSlug}/${other.event.slug}/orders`,
      payload: orderBody(other),
    });
    // The other organisation's event slug may exist here too; only this organisation's event can match.
    expect([400, 404]).toContain(crossed.statusCode);
    expect((await counts(t.app, other.event.id)).types[0]).toMatchObject({ sold: 0, held: 0 });
  });

  it('answers sold-out when the places are gone, and sells nothing', async () => {
    const small = await newShop(t.app, [{ name: 'Tiny', priceMinor: 0, capacity: 3 }]);
    await bought(
      t.app,
      small,
      orderBody(small, { lines: [{ ticketTypeId: typeId(small), quantity: 2 }], paymentMethod: 'free' }),
    );
    const response = await buy(
      t.app,
      small,
      orderBody(small, { lines: [{ ticketTypeId: typeId(small), quantity: 2 }], paymentMethod: 'free' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('sold-out');
    // It names the ticket type that ran short.
    expect(response.json().error.details).toEqual([{ ticketTypeId: typeId(small) }]);
    expect((await counts(t.app, small.event.id)).types[0]).toMatchObject({ sold: 2 });
    const page = await t.app.inject({ method: 'GET', url: publicUrl(small) });
    expect(page.json<PublicEvent>().ticketTypes[0]?.available).toBe(1);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, without a second order', async () => {
    const body = orderBody(shop);
    const key = `key-${Date.now()}-replay`;
    const first = await buy(t.app, shop, body, key);
    const again = await buy(t.app, shop, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await t.app.ctx.db.select().from(orders).where(eq(orders.buyerEmail, body.buyer.email));
    expect(rows).toHaveLength(1);
  });

  it('answers 422 for the same key with another body', async () => {
    const key = `key-${Date.now()}-reuse`;
    expect((await buy(t.app, shop, orderBody(shop), key)).statusCode).toBe(201);
    const other = await buy(t.app, shop, orderBody(shop), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency-key-reused');
  });

  it('answers 409 while the first request with the key is in flight', async () => {
    const body = orderBody(shop);
    const key = `key-${Date.now()}-flight`;
    // A claim row, as earlier versions wrote before the order, of a request still running. (Requests in
    // flight now hold the key's advisory lock instead: see concurrency.test.ts on PostgreSQL.)
    const hashes = keyHashesOf(shop, body, key);
    await t.app.ctx.db
      .insert(idempotencyKeys)
      .values({ organizationId: shop.organizationId, ...hashes, status: 'in_flight' });
    const duplicate = await buy(t.app, shop, body, key);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('request-in-progress');
    const rows = await t.app.ctx.db.select().from(orders).where(eq(orders.buyerEmail, body.buyer.email));
    expect(rows).toHaveLength(0);
  });

  it('takes over an earlier version’s claim left in flight for over a minute, and stores the answer', async () => {
    const body = orderBody(shop);
    const key = `key-${Date.now()}-stale`;
    const hashes = keyHashesOf(shop, body, key);
    await t.app.ctx.db.insert(idempotencyKeys).values({
      organizationId: shop.organizationId,
      ...hashes,
      status: 'in_flight',
      updatedAt: new Date(Date.now() - 2 * 60_000),
    });
    const first = await buy(t.app, shop, body, key);
    expect(first.statusCode).toBe(201);
    const [stored] = await t.app.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.keyHash, hashes.keyHash));
    expect(stored).toMatchObject({ status: 'done', responseStatus: 201, responseBody: first.json() });
    expect(stored?.orderId).toBe(await orderIdOf(t.app, first.json().code));
  });

  it('replays a refusal too, and a bad key is a 400', async () => {
    const key = `key-${Date.now()}-refused`;
    const body = orderBody(shop, { lines: [{ ticketTypeId: typeId(shop), quantity: 7 }] });
    const first = await buy(t.app, shop, body, key);
    const again = await buy(t.app, shop, body, key);
    expect(first.statusCode).toBe(400);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
    const bad = await buy(t.app, shop, orderBody(shop), 'short');
    expect(bad.statusCode).toBe(400);
  });
});

describe('public limits', () => {
  it('rate-limits order creation per IP', async () => {
    const limited = await createTestApp({ ...TEST_ENV, PUBLIC_ORDER_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const small = await newShop(limited.app, [{ name: 'Free', priceMinor: 0, capacity: 10 }]);
      const body = () =>
        orderBody(small, { lines: [{ ticketTypeId: typeId(small), quantity: 1 }], paymentMethod: 'free' });
      expect((await buy(limited.app, small, body())).statusCode).toBe(201);
      expect((await buy(limited.app, small, body())).statusCode).toBe(201);
      const third = await buy(limited.app, small, body());
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('keeps order ids and ticket ids out of public answers except the tickets’ own', async () => {
    const order = await bought(
      t.app,
      shop,
      orderBody(shop, { lines: [{ ticketTypeId: typeId(shop, 1), quantity: 1 }], paymentMethod: 'free' }),
    );
    const id = await orderIdOf(t.app, order.code);
    expect(JSON.stringify(order)).not.toContain(id);
    const [ticket] = await t.app.ctx.db.select().from(tickets).where(eq(tickets.orderId, id));
    expect(ticket?.secret).toBe((order as PublicOrder).tickets[0]?.secret);
    const mails = await t.app.ctx.db.select().from(outbox);
    expect(mails.length).toBeGreaterThan(0);
  });

  it('shows a buyer their order by its code, and the same 404 for any other code', async () => {
    const order = await bought(t.app, shop, orderBody(shop));
    const found = await t.app.inject({ method: 'GET', url: `/api/public/orders/${order.code}` });
    expect(found.statusCode).toBe(200);
    expect(found.headers['cache-control']).toBe('no-store');
    expect(found.json()).toEqual(order);
    const lower = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${order.code.toLowerCase()}`,
    });
    expect(lower.json()).toEqual(order);
    const missing = await t.app.inject({ method: 'GET', url: '/api/public/orders/0000000000000000' });
    const garbage = await t.app.inject({ method: 'GET', url: `/api/public/orders/${shop.event.id}` });
    expect(missing.statusCode).toBe(404);
    expect(garbage.json()).toEqual(missing.json());
  });
});
