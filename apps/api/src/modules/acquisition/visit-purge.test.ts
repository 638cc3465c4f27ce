import { randomUUID } from 'node:crypto';
import { uuidv7 } from '@guichet/db/ids';
import { acquisitionTouches, orderAttributions } from '@guichet/db/schema/acquisition';
import type { PublicOrder } from '@guichet/shared/orders';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { buy, newShop, orderBody, orderIdOf, type Shop, TEST_ENV } from '../../../test/support/orders';
import { purgeOldVisits } from './visit-purge.job';

/**
 * Visits older than the retention are deleted, newer ones kept, in every organisation alike and only by
 * their own age; an order credited to a purged touch keeps its attribution row, the touch set to null.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

const DAY = 86_400_000;
const RETENTION = 400;

async function touch(shop: Shop, visitorId: string, daysAgo: number, now: number) {
  const id = uuidv7();
  await t.app.ctx.db.insert(acquisitionTouches).values({
    id,
    organizationId: shop.organizationId,
    eventId: shop.event.id,
    visitorId,
    kind: 'visit',
    source: 'referrer',
    channel: 'search',
    referrerHost: 'google.com',
    occurredAt: new Date(now - daysAgo * DAY),
  });
  return id;
}

const idsOf = async (organizationId: string) =>
  (
    await t.app.ctx.db
      .select({ id: acquisitionTouches.id })
      .from(acquisitionTouches)
      .where(eq(acquisitionTouches.organizationId, organizationId))
      .orderBy(asc(acquisitionTouches.id))
  ).map((row) => row.id);

describe('the visit purge', () => {
  it('deletes visits older than the retention, keeps newer ones, in each organisation by age alone', async () => {
    const now = Date.now();
    const [shop, other, recentOnly] = [await newShop(t.app), await newShop(t.app), await newShop(t.app)];
    const visitor = randomUUID();
    const oldOnes = [
      await touch(shop, visitor, RETENTION + 1, now),
      await touch(shop, visitor, RETENTION + 300, now),
      await touch(other, visitor, RETENTION + 2, now),
    ];
    const kept = {
      shop: [await touch(shop, visitor, RETENTION - 1, now), await touch(shop, visitor, 0, now)],
      other: [await touch(other, visitor, 10, now)],
      recentOnly: [
        await touch(recentOnly, visitor, 1, now),
        await touch(recentOnly, visitor, RETENTION - 2, now),
      ],
    };
    const sorted = (ids: string[]) => [...ids].sort();

    expect(await purgeOldVisits(t.app.ctx.db, RETENTION, new Date(now))).toBeGreaterThanOrEqual(3);
    expect(await idsOf(shop.organizationId)).toEqual(sorted(kept.shop));
    expect(await idsOf(other.organizationId)).toEqual(sorted(kept.other));
    expect(await idsOf(recentOnly.organizationId)).toEqual(sorted(kept.recentOnly));
    const gone = await t.app.ctx.db
      .select({ id: acquisitionTouches.id })
      .from(acquisitionTouches)
      .where(inArray(acquisitionTouches.id, oldOnes));
    expect(gone).toEqual([]);
    // Nothing older is left: a second run deletes nothing.
    expect(await purgeOldVisits(t.app.ctx.db, RETENTION, new Date(now))).toBe(0);
  });

  it('leaves an order credited to a purged touch with its attribution, the touch set to null', async () => {
    const now = Date.now();
    const shop = await newShop(t.app);
    const visitorId = randomUUID();
    const recent = await touch(shop, visitorId, 1, now);
    const response = await buy(t.app, shop, orderBody(shop, { visitorId }));
    expect(response.statusCode, response.body).toBe(201);
    const orderId = await orderIdOf(t.app, response.json<PublicOrder>().code);
    const [before] = await t.app.ctx.db
      .select()
      .from(orderAttributions)
      .where(eq(orderAttributions.orderId, orderId));
    expect(before).toMatchObject({ firstTouchId: recent, lastTouchId: recent });
    // Seen from 400 days later, that touch is past the retention.
    await purgeOldVisits(t.app.ctx.db, RETENTION, new Date(now + (RETENTION + 1) * DAY));
    expect(await idsOf(shop.organizationId)).toEqual([]);
    const [after] = await t.app.ctx.db
      .select()
      .from(orderAttributions)
      .where(eq(orderAttributions.orderId, orderId));
    expect(after).toMatchObject({ orderId, firstTouchId: null, lastTouchId: null });
  });
});
