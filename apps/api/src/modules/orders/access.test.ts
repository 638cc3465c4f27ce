import type { Permission } from '@guichet/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../../test/support/harness';
import {
  bought,
  newShop,
  orderBody,
  orderIdOf,
  ordersSnapshot,
  type Shop,
  TEST_ENV,
  typeId,
} from '../../../test/support/orders';
import { addStaff, orgHeaders } from '../../../test/support/teams';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

interface Fixture {
  shop: Shop;
  orderId: string;
  ticketId: string;
}

/** A shop with one offline order waiting for payment. */
async function fixture(): Promise<Fixture> {
  const shop = await newShop(t.app);
  const order = await bought(t.app, shop, orderBody(shop));
  return { shop, orderId: await orderIdOf(t.app, order.code), ticketId: order.tickets[0]?.id ?? '' };
}

type Call = (f: Fixture) => { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object };

const ENDPOINTS: Record<string, { call: Call; ok: number }> = {
  'GET /events/:id/orders': {
    call: (f) => ({ method: 'GET', url: `/api/events/${f.shop.event.id}/orders` }),
    ok: 200,
  },
  'POST /events/:id/orders': {
    call: (f) => ({
      method: 'POST',
      url: `/api/events/${f.shop.event.id}/orders`,
      payload: {
        buyer: { name: 'Door', email: 'door@example.com' },
        lines: [{ ticketTypeId: typeId(f.shop), quantity: 1 }],
        payment: 'comp',
      },
    }),
    ok: 201,
  },
  'GET /orders/:orderId': { call: (f) => ({ method: 'GET', url: `/api/orders/${f.orderId}` }), ok: 200 },
  'GET /orders/:orderId/emails': {
    call: (f) => ({ method: 'GET', url: `/api/orders/${f.orderId}/emails` }),
    ok: 200,
  },
  'POST /orders/:orderId/mark-paid': {
    call: (f) => ({ method: 'POST', url: `/api/orders/${f.orderId}/mark-paid` }),
    ok: 200,
  },
  'POST /orders/:orderId/cancel': {
    call: (f) => ({ method: 'POST', url: `/api/orders/${f.orderId}/cancel`, payload: { reason: 'Test' } }),
    ok: 200,
  },
  'POST /orders/:orderId/resend': {
    call: (f) => ({ method: 'POST', url: `/api/orders/${f.orderId}/resend` }),
    ok: 200,
  },
  'PATCH /orders/:orderId/tickets/:ticketId': {
    call: (f) => ({
      method: 'PATCH',
      url: `/api/orders/${f.orderId}/tickets/${f.ticketId}`,
      payload: { attendeeName: 'New Name' },
    }),
    ok: 200,
  },
};

const GRANTED: Permission[][] = [['ALL'], ['EVENT']];
const REFUSED: Permission[][] = [
  ['MEMBER'],
  ['FINANCE'],
  ['DASHBOARD'],
  ['SCAN'],
  ['MEMBER', 'FINANCE', 'DASHBOARD', 'SCAN'],
];

describe.each(Object.entries(ENDPOINTS))('%s', (_, { call, ok }) => {
  it.each(GRANTED)('is granted to %s staff', async (permission) => {
    const f = await fixture();
    const caller = await addStaff(t.app, f.shop.organizationId, [permission]);
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(caller.accessToken, f.shop.organizationId),
    });
    expect(response.statusCode, response.body).toBe(ok);
  });

  it.each(REFUSED)('is refused to %s staff, changing nothing', async (...permissions) => {
    const f = await fixture();
    const caller = await addStaff(t.app, f.shop.organizationId, permissions);
    const before = await ordersSnapshot(t.app, f.shop.organizationId);
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(caller.accessToken, f.shop.organizationId),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect(await ordersSnapshot(t.app, f.shop.organizationId)).toEqual(before);
  });

  it('is refused to another organisation’s staff, changing nothing; with their own organisation it is a 404', async () => {
    const f = await fixture();
    const outsider = await newShop(t.app);
    const before = await ordersSnapshot(t.app, f.shop.organizationId);
    const asForeign = await t.app.inject({
      ...call(f),
      headers: orgHeaders(outsider.admin.accessToken, f.shop.organizationId),
    });
    expect(asForeign.statusCode).toBe(403);
    const asOwn = await t.app.inject({
      ...call(f),
      headers: orgHeaders(outsider.admin.accessToken, outsider.organizationId),
    });
    expect(asOwn.statusCode).toBe(404);
    expect(asOwn.json().error.code).toBe('not-found');
    expect(await ordersSnapshot(t.app, f.shop.organizationId)).toEqual(before);
  });

  it('asks for a token and an organisation', async () => {
    const f = await fixture();
    const anonymous = await t.app.inject({
      ...call(f),
      headers: { 'x-organization-id': f.shop.organizationId },
    });
    expect(anonymous.statusCode).toBe(401);
    const noOrganization = await t.app.inject({ ...call(f), headers: bearer(f.shop.admin.accessToken) });
    expect(noOrganization.statusCode).toBe(400);
    expect(noOrganization.json().error.code).toBe('organization-required');
  });
});
