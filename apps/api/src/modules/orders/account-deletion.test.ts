import { orders, tickets } from '@guichet/db/schema/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody, TEST_ENV } from '../../../test/support/orders';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

describe('deleting an organisation with sales', () => {
  it('takes its orders and tickets with it when its sole member deletes their account', async () => {
    const shop = await newShop(t.app);
    await bought(t.app, shop, orderBody(shop));
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(shop.admin.accessToken),
      payload: { password: shop.admin.password },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(
      await t.app.ctx.db.select().from(orders).where(eq(orders.organizationId, shop.organizationId)),
    ).toEqual([]);
    expect(
      await t.app.ctx.db.select().from(tickets).where(eq(tickets.organizationId, shop.organizationId)),
    ).toEqual([]);
  });
});
