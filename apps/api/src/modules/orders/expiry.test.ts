import { orders, tickets } from '@guichet/db/schema/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { counts, newShop, type Shop, TEST_ENV, typeId } from '../../../test/support/orders';
import { findEvent } from '../events/events.repository';
import { expireDueReservations } from './expiry.service';
import { placeOrder } from './order-placement';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, RESERVATION_MINUTES: '10' });
});
afterAll(async () => t.close());

const MINUTE = 60_000;

/** Card-payment reservations (the path Stripe Checkout will use): seats held until paid or expired. */
async function reserve(shop: Shop, quantity: number, typeIndex = 0) {
  const event = await findEvent(t.app.ctx.db, shop.organizationId, shop.event.id);
  if (!event) throw new Error('no event');
  return placeOrder(t.app.ctx, {
    organizationId: shop.organizationId,
    event,
    channel: 'online',
    buyer: { name: 'Carla Card', email: 'carla@example.com' },
    lines: [{ ticketTypeId: typeId(shop, typeIndex), quantity }],
    paymentMethod: 'stripe',
    actor: null,
    sendEmail: true,
    locale: 'en',
  });
}

describe('reservations', () => {
  it('hold seats (not sold) until reserved_until, then expire once and give them back', async () => {
    const shop = await newShop(t.app, [{ name: 'Card', priceMinor: 3000, capacity: 10, pool: true }], {
      poolCapacity: 8,
    });
    const placed = await reserve(shop, 3);
    expect(placed.order.status).toBe('reserved');
    const until = placed.order.reservedUntil?.getTime() ?? 0;
    expect(until - Date.now()).toBeGreaterThan(9 * MINUTE);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * MINUTE);
    expect(await counts(t.app, shop.event.id)).toMatchObject({
      types: [{ sold: 0, held: 3 }],
      pools: [{ sold: 0, held: 3 }],
    });

    // Not yet due: nothing happens.
    await expireDueReservations(t.app.ctx.db, new Date());
    expect((await counts(t.app, shop.event.id)).types[0]?.held).toBe(3);

    const later = new Date(Date.now() + 11 * MINUTE);
    expect(await expireDueReservations(t.app.ctx.db, later)).toBeGreaterThanOrEqual(1);
    expect(await counts(t.app, shop.event.id)).toMatchObject({
      types: [{ sold: 0, held: 0 }],
      pools: [{ sold: 0, held: 0 }],
    });
    const [row] = await t.app.ctx.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row?.status).toBe('expired');
    const ticketRows = await t.app.ctx.db.select().from(tickets).where(eq(tickets.orderId, placed.order.id));
    expect(ticketRows.map((ticket) => ticket.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);

    // A second run finds nothing to release.
    expect(await expireDueReservations(t.app.ctx.db, later)).toBe(0);
    expect((await counts(t.app, shop.event.id)).types[0]?.held).toBe(0);
    await t.app.outbox.drain();
    expect(t.mails.filter((mail) => mail.to === 'carla@example.com')).toHaveLength(0);
  });

  it('a cancelled reservation gives its held seats back, and expiry then leaves it alone', async () => {
    const shop = await newShop(t.app, [{ name: 'Card', priceMinor: 3000, capacity: 10 }]);
    const placed = await reserve(shop, 2);
    const cancelled = await shop.call('POST', `/api/orders/${placed.order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 0, held: 0 });
    await expireDueReservations(t.app.ctx.db, new Date(Date.now() + 11 * MINUTE));
    expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 0, held: 0 });
  });

  it.skipIf(!onPostgres)(
    'two runners at once release each expired reservation exactly once (PostgreSQL)',
    async () => {
      const shop = await newShop(t.app, [{ name: 'Card', priceMinor: 3000, capacity: 100 }]);
      for (let i = 0; i < 30; i++) await reserve(shop, 2);
      expect((await counts(t.app, shop.event.id)).types[0]?.held).toBe(60);
      const later = new Date(Date.now() + 11 * MINUTE);
      const runs = await Promise.all([
        expireDueReservations(t.app.ctx.db, later, 7),
        expireDueReservations(t.app.ctx.db, later, 7),
        expireDueReservations(t.app.ctx.db, later, 7),
      ]);
      // Each of the 30 reservations of this shop was expired by exactly one runner.
      const mine = await t.app.ctx.db.select().from(orders).where(eq(orders.eventId, shop.event.id));
      expect(mine.every((order) => order.status === 'expired')).toBe(true);
      expect(runs.reduce((sum, n) => sum + n, 0)).toBe(30);
      expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 0, held: 0 });
    },
  );
});
