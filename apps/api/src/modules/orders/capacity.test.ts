import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import {
  bought,
  counts,
  newShop,
  orderBody,
  orderIdOf,
  TEST_ENV,
  typeId,
} from '../../../test/support/orders';
import { type CapacityCount, type CapacityLine, releaseCapacity, takeCapacity } from './capacity.repository';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

class RolledBack extends Error {}

/** Takes places as an order would: a refusal rolls the whole transaction back. */
async function take(organizationId: string, lines: CapacityLine[], count: CapacityCount = 'sold') {
  try {
    await t.app.ctx.db.transaction(async (tx) => {
      if (!(await takeCapacity(tx, organizationId, lines, count)).taken) throw new RolledBack();
    });
    return true;
  } catch (error) {
    if (error instanceof RolledBack) return false;
    throw error;
  }
}

/** The ticket types a refused take names as short, the transaction rolled back either way. */
async function shortOf(organizationId: string, lines: CapacityLine[]) {
  let named: string[] = [];
  await t.app.ctx.db
    .transaction(async (tx) => {
      const result = await takeCapacity(tx, organizationId, lines, 'sold');
      named = result.taken ? [] : result.shortOf;
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return named.sort();
}

const release = (organizationId: string, lines: CapacityLine[], count: CapacityCount = 'sold') =>
  t.app.ctx.db.transaction((tx) => releaseCapacity(tx, organizationId, lines, count));

describe('taking and giving back places (capacity repository)', () => {
  it('takes several lines on ticket types and their shared pool, all or nothing', async () => {
    const shop = await newShop(
      t.app,
      [
        { name: 'A', priceMinor: 0, capacity: 5, pool: true },
        { name: 'B', priceMinor: 0, capacity: 5, pool: true },
      ],
      { poolCapacity: 6 },
    );
    const [a, b] = [typeId(shop, 0), typeId(shop, 1)];
    const org = shop.organizationId;
    expect(
      await take(org, [
        { ticketTypeId: a, quantity: 3 },
        { ticketTypeId: b, quantity: 2 },
      ]),
    ).toBe(true);
    expect(await counts(t.app, shop.event.id)).toMatchObject({
      types: [{ sold: 3 }, { sold: 2 }],
      pools: [{ sold: 5 }],
    });
    // The pool has one place left: two lines of one each fail together.
    expect(
      await take(org, [
        { ticketTypeId: a, quantity: 1 },
        { ticketTypeId: b, quantity: 1 },
      ]),
    ).toBe(false);
    // Both types share the full pool: both are named as short.
    expect(
      await shortOf(org, [
        { ticketTypeId: a, quantity: 1 },
        { ticketTypeId: b, quantity: 1 },
      ]),
    ).toEqual([a, b].sort());
    expect(await counts(t.app, shop.event.id)).toMatchObject({
      types: [{ sold: 3 }, { sold: 2 }],
      pools: [{ sold: 5 }],
    });
    expect(await take(org, [{ ticketTypeId: b, quantity: 1 }], 'held')).toBe(true);
    expect(await counts(t.app, shop.event.id)).toMatchObject({
      types: [
        { sold: 3, held: 0 },
        { sold: 2, held: 1 },
      ],
      pools: [{ sold: 5, held: 1 }],
    });

    await release(org, [{ ticketTypeId: b, quantity: 1 }], 'held');
    await release(org, [{ ticketTypeId: a, quantity: 3 }]);
    expect(await counts(t.app, shop.event.id)).toMatchObject({
      types: [
        { sold: 0, held: 0 },
        { sold: 2, held: 0 },
      ],
      pools: [{ sold: 2, held: 0 }],
    });
  });

  it('never gives back more than was taken, and knows nothing of other organisations', async () => {
    const shop = await newShop(t.app, [{ name: 'A', priceMinor: 0, capacity: 5 }]);
    const other = await newShop(t.app);
    const line = { ticketTypeId: typeId(shop), quantity: 2 };
    expect(await take(shop.organizationId, [line])).toBe(true);
    await expect(release(shop.organizationId, [{ ...line, quantity: 3 }])).rejects.toThrow();
    expect(await take(other.organizationId, [line])).toBe(false);
    await expect(release(other.organizationId, [line])).rejects.toThrow();
    expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 2, held: 0 });
    await expect(take(shop.organizationId, [{ ...line, quantity: 0 }])).rejects.toThrow(RangeError);
  });

  it('keeps a ticket type whose cancelled tickets are an order’s history (409, not a failure)', async () => {
    const shop = await newShop(t.app, [
      { name: 'Gone', priceMinor: 0, capacity: 5 },
      { name: 'Kept', priceMinor: 0, capacity: 5 },
    ]);
    const order = await bought(
      t.app,
      shop,
      orderBody(shop, { lines: [{ ticketTypeId: typeId(shop), quantity: 1 }], paymentMethod: 'free' }),
    );
    const cancelled = await shop.call('POST', `/api/orders/${await orderIdOf(t.app, order.code)}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const removed = await shop.call('DELETE', `/api/events/${shop.event.id}/ticket-types/${typeId(shop)}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.code).toBe('has-sales');
  });
});
