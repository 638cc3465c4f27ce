import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import { createTestApp, type TestContext, uniqueEmail } from '../../../test/support/harness';
import {
  bought,
  newShop,
  orderBody,
  orderIdOf,
  type Shop,
  TEST_ENV,
  typeId,
} from '../../../test/support/orders';
import { findCustomer } from './orders.repository';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

const customer = (shop: Shop, email: string) => findCustomer(t.app.ctx.db, shop.organizationId, email);

/** Two orders by one buyer (one paid, one waiting for payment): the customer counts two. */
async function twoOrders() {
  const shop = await newShop(t.app, [
    { name: 'Free', priceMinor: 0, capacity: 50 },
    { name: 'Paid', priceMinor: 1500, capacity: 50 },
  ]);
  const email = uniqueEmail('regular');
  const buyer = { name: 'Rita Regular', email };
  const free = await bought(
    t.app,
    shop,
    orderBody(shop, {
      buyer,
      paymentMethod: 'free',
      lines: [{ ticketTypeId: typeId(shop, 0), quantity: 1 }],
    }),
  );
  const pending = await bought(
    t.app,
    shop,
    orderBody(shop, { buyer, lines: [{ ticketTypeId: typeId(shop, 1), quantity: 2 }] }),
  );
  const pendingId = await orderIdOf(t.app, pending.code);
  expect((await shop.call('POST', `/api/orders/${pendingId}/mark-paid`)).statusCode).toBe(200);
  expect(await customer(shop, email)).toMatchObject({ orderCount: 2, totalSpentMinor: 3000 });
  return { shop, email, freeId: await orderIdOf(t.app, free.code), paidId: pendingId };
}

describe('customers when an order is cancelled', () => {
  it('count one order fewer, once; the money received stays counted (refunds record it going back)', async () => {
    const { shop, email, paidId } = await twoOrders();
    expect((await shop.call('POST', `/api/orders/${paidId}/cancel`)).statusCode).toBe(200);
    expect(await customer(shop, email)).toMatchObject({ orderCount: 1, totalSpentMinor: 3000 });
    expect((await shop.call('POST', `/api/orders/${paidId}/cancel`)).statusCode).toBe(409);
    expect(await customer(shop, email)).toMatchObject({ orderCount: 1, totalSpentMinor: 3000 });
  });

  it('a cancelled order waiting for payment counts one fewer too', async () => {
    const shop = await newShop(t.app);
    const body = orderBody(shop);
    const order = await bought(t.app, shop, body);
    expect(await customer(shop, body.buyer.email)).toMatchObject({ orderCount: 1, totalSpentMinor: 0 });
    expect(
      (await shop.call('POST', `/api/orders/${await orderIdOf(t.app, order.code)}/cancel`)).statusCode,
    ).toBe(200);
    expect(await customer(shop, body.buyer.email)).toMatchObject({ orderCount: 0, totalSpentMinor: 0 });
  });
});

describe.skipIf(!onPostgres)('customers under concurrent cancels (PostgreSQL)', () => {
  it('eight cancels of one order at once lower the count exactly once', async () => {
    const { shop, email, freeId } = await twoOrders();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => shop.call('POST', `/api/orders/${freeId}/cancel`)),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(7);
    expect(await customer(shop, email)).toMatchObject({ orderCount: 1, totalSpentMinor: 3000 });
  });

  it('cancelling both of a customer’s orders at once brings the count to zero, never below', async () => {
    const { shop, email, freeId, paidId } = await twoOrders();
    const responses = await Promise.all(
      [freeId, paidId, freeId, paidId, freeId, paidId].map((id) =>
        shop.call('POST', `/api/orders/${id}/cancel`),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(2);
    expect(await customer(shop, email)).toMatchObject({ orderCount: 0, totalSpentMinor: 3000 });
  });
});
