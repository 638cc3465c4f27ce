import { customers } from '@guichet/db/schema/orders';
import type { OrderDetail, OrderPage } from '@guichet/shared/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import {
  bought,
  counts,
  newShop,
  orderBody,
  orderIdOf,
  type Shop,
  TEST_ENV,
  typeId,
} from '../../../test/support/orders';

let t: TestContext;
let shop: Shop;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await newShop(t.app, [
    { name: 'Standard', priceMinor: 2500, capacity: 20 },
    { name: 'Crew', priceMinor: 1000, capacity: 5, visibility: 'hidden' },
  ]);
});
afterAll(async () => t.close());

const boxOffice = (body: Record<string, unknown>) =>
  shop.call('POST', `/api/events/${shop.event.id}/orders`, {
    buyer: { name: 'Walk In', email: 'walk.in@example.com' },
    lines: [{ ticketTypeId: typeId(shop, 1), quantity: 2 }],
    payment: 'paid',
    ...body,
  });

describe('box office', () => {
  it('sells any ticket type of the event, paid at once, and audits it', async () => {
    const response = await boxOffice({ note: 'Cash' });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<OrderDetail>();
    expect(order).toMatchObject({
      status: 'paid',
      channel: 'box_office',
      paymentMethod: 'box_office',
      totalMinor: 2000,
      note: 'Cash',
      ticketCount: 2,
    });
    // Paid at once: paid at the very instant it was placed, never before.
    expect(order.paidAt).toBe(order.createdAt);
    expect(order.tickets.every((ticket) => ticket.secret !== null)).toBe(true);
    expect(order.audit.map((entry) => entry.action)).toEqual(['order.placed']);
    expect(order.audit[0]?.actorName).toBe('Olga Organiser');
  });

  it('gives comp tickets at no charge, still within capacity', async () => {
    const comp = await boxOffice({ payment: 'comp', sendEmail: false });
    expect(comp.json<OrderDetail>()).toMatchObject({ totalMinor: 0, status: 'paid' });
    expect(comp.json<OrderDetail>().tickets.every((ticket) => ticket.priceMinor === 0)).toBe(true);
    const over = await boxOffice({
      payment: 'comp',
      lines: [{ ticketTypeId: typeId(shop, 1), quantity: 5 }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('sold-out');
  });
});

describe('offline payment and cancellation', () => {
  it('marks an offline order paid once: tickets sent, customer spending counted', async () => {
    const body = orderBody(shop);
    const placed = await bought(t.app, shop, body);
    const id = await orderIdOf(t.app, placed.code);
    const paid = await shop.call('POST', `/api/orders/${id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<OrderDetail>();
    expect(order.status).toBe('paid');
    expect(order.paidAt).not.toBeNull();
    expect(order.tickets.every((ticket) => ticket.secret)).toBe(true);
    const [customer] = await t.app.ctx.db
      .select()
      .from(customers)
      .where(and(eq(customers.organizationId, shop.organizationId), eq(customers.email, body.buyer.email)));
    expect(customer).toMatchObject({ orderCount: 1, totalSpentMinor: 5000 });
    await t.app.outbox.drain();
    expect(t.mails.filter((mail) => mail.to === body.buyer.email).map((mail) => mail.subject)).toEqual([
      'Your order for Summer Concert: payment to make',
      'Your tickets for Summer Concert',
    ]);
    const resent = await shop.call('POST', `/api/orders/${id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json<OrderDetail>().audit.map((entry) => entry.action)).toEqual([
      'order.mail-resent',
      // Issued when the tickets' mail left, to travel with it (decision 032).
      'order.receipt-issued',
      'order.marked-paid',
      'order.placed',
    ]);
    await t.app.outbox.drain();
    expect(t.mails.filter((mail) => mail.to === body.buyer.email)).toHaveLength(3);
    const again = await shop.call('POST', `/api/orders/${id}/mark-paid`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('invalid-order-status');
  });

  it('cancels once: the places come back once, the tickets are cancelled, a second cancel is refused', async () => {
    const placed = await bought(
      t.app,
      shop,
      orderBody(shop, { lines: [{ ticketTypeId: typeId(shop), quantity: 3 }] }),
    );
    const id = await orderIdOf(t.app, placed.code);
    const before = (await counts(t.app, shop.event.id)).types[0]?.sold ?? 0;
    const cancelled = await shop.call('POST', `/api/orders/${id}/cancel`, { reason: 'Asked by phone' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<OrderDetail>().tickets.map((ticket) => ticket.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect((await counts(t.app, shop.event.id)).types[0]?.sold).toBe(before - 3);
    const again = await shop.call('POST', `/api/orders/${id}/cancel`);
    expect((await shop.call('POST', `/api/orders/${id}/resend`)).statusCode).toBe(409);
    expect(again.statusCode).toBe(409);
    expect((await counts(t.app, shop.event.id)).types[0]?.sold).toBe(before - 3);
    const detail = (await shop.call('GET', `/api/orders/${id}`)).json<OrderDetail>();
    expect(detail.audit.map((entry) => entry.action)).toEqual(['order.cancelled', 'order.placed']);
    expect(detail.cancelledAt).not.toBeNull();
  });

  it('changes an attendee name and audits it', async () => {
    const placed = await bought(t.app, shop, orderBody(shop));
    const id = await orderIdOf(t.app, placed.code);
    const ticketId = placed.tickets[1]?.id;
    const response = await shop.call('PATCH', `/api/orders/${id}/tickets/${ticketId}`, {
      attendeeName: 'Zoé',
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json<OrderDetail>();
    expect(order.tickets.find((ticket) => ticket.id === ticketId)?.attendeeName).toBe('Zoé');
    expect(order.audit[0]).toMatchObject({
      action: 'ticket.attendee-changed',
      after: { attendeeName: 'Zoé' },
    });
    const missing = await shop.call('PATCH', `/api/orders/${id}/tickets/${id}`, { attendeeName: 'X' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the orders list', () => {
  it('searches, filters and pages by cursor', async () => {
    const fresh = await newShop(t.app, [
      { name: 'A', priceMinor: 0, capacity: 50 },
      { name: 'B', priceMinor: 500, capacity: 50 },
    ]);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const order = await bought(
        t.app,
        fresh,
        orderBody(fresh, {
          buyer: { name: `Buyer ${i}`, email: `list-${i}-${Date.now()}@example.com` },
          lines: [{ ticketTypeId: typeId(fresh, i % 2), quantity: 1 + (i % 3) }],
          paymentMethod: i % 2 === 0 ? 'free' : 'offline',
        }),
      );
      codes.push(order.code);
    }
    const list = (query: string) =>
      fresh.call('GET', `/api/events/${fresh.event.id}/orders${query}`).then((r) => r.json<OrderPage>());

    const all = await list('');
    expect(all.items.map((item) => item.code)).toEqual([...codes].reverse());
    expect(all.items.map((item) => item.ticketCount)).toEqual([2, 1, 3, 2, 1]);
    expect((await list('?q=buyer%203')).items.map((item) => item.code)).toEqual([codes[3]]);
    expect((await list(`?q=${codes[1]?.slice(0, 8)}`)).items.map((item) => item.code)).toEqual([codes[1]]);
    expect((await list('?status=pending_payment')).items).toHaveLength(2);
    expect((await list('?paymentMethod=free')).items).toHaveLength(3);
    expect((await list(`?ticketTypeId=${typeId(fresh, 1)}`)).items).toHaveLength(2);
    expect((await list(`?from=${new Date(Date.now() + 60_000).toISOString()}`)).items).toHaveLength(0);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: OrderPage = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.code));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...codes].reverse());

    const bad = await fresh.call('GET', `/api/events/${fresh.event.id}/orders?limit=0&status=nope`);
    expect(bad.statusCode).toBe(400);
    const foreign = await shop.call('GET', `/api/events/${fresh.event.id}/orders`);
    expect(foreign.statusCode).toBe(404);
  });

  it('answers the same 404 for another organisation’s order and an unknown one', async () => {
    const other = await newShop(t.app);
    const placed = await bought(t.app, other, orderBody(other));
    const id = await orderIdOf(t.app, placed.code);
    const foreign = await shop.call('GET', `/api/orders/${id}`);
    const unknown = await shop.call('GET', '/api/orders/01900000-0000-7000-8000-000000000000');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    const cancel = await shop.call('POST', `/api/orders/${id}/cancel`);
    expect(cancel.statusCode).toBe(404);
    expect((await counts(t.app, other.event.id)).types[0]?.sold).toBe(2);
  });
});

describe('bad input to the back office: 400, never 5xx, nothing changed', () => {
  const bodies: [string, Record<string, unknown>, string][] = [
    ['a negative quantity', { lines: [{ ticketTypeId: '', quantity: -2 }] }, 'body.lines.0.quantity'],
    [
      'an unknown ticket type',
      { lines: [{ ticketTypeId: '01900000-0000-7000-8000-000000000000', quantity: 1 }] },
      'body.lines.0.ticketTypeId',
    ],
    ['an unknown payment', { payment: 'iou' }, 'body.payment'],
    ['no buyer', { buyer: undefined }, 'body.buyer'],
    ['too many tickets', { lines: [{ ticketTypeId: '', quantity: 101 }] }, 'body.lines.0.quantity'],
  ];
  it.each(bodies)('box office refuses %s', async (_, override, path) => {
    const lines = (override.lines as { ticketTypeId: string; quantity: number }[] | undefined)?.map(
      (line) => ({
        ...line,
        ticketTypeId: line.ticketTypeId || typeId(shop),
      }),
    );
    const before = await counts(t.app, shop.event.id);
    const response = await boxOffice({ ...override, ...(lines ? { lines } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await counts(t.app, shop.event.id)).toEqual(before);
  });

  it('refuses malformed ids, names and filters', async () => {
    expect((await shop.call('GET', '/api/orders/not-a-uuid')).statusCode).toBe(400);
    expect((await shop.call('POST', '/api/orders/not-a-uuid/cancel')).statusCode).toBe(400);
    expect((await shop.call('GET', `/api/events/${shop.event.id}/orders?from=yesterday`)).statusCode).toBe(
      400,
    );
    expect((await shop.call('GET', `/api/events/${shop.event.id}/orders?cursor=abc`)).statusCode).toBe(400);
    const placed = await bought(t.app, shop, orderBody(shop));
    const id = await orderIdOf(t.app, placed.code);
    const blank = await shop.call('PATCH', `/api/orders/${id}/tickets/${placed.tickets[0]?.id}`, {
      attendeeName: '  ',
    });
    expect(blank.statusCode).toBe(400);
    const extra = await shop.call('POST', `/api/orders/${id}/cancel`, { reason: 'x', refund: true });
    expect(extra.statusCode).toBe(400);
  });
});
