import { afterAll, beforeAll } from 'vitest';
import { type AccessEndpoint, describeAccessMatrix } from '../../../test/support/access-matrix';
import { createTestApp, type TestContext } from '../../../test/support/harness';
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

const ENDPOINTS: Record<string, AccessEndpoint<Fixture>> = {
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

describeAccessMatrix({
  context: () => t,
  fixture,
  endpoints: ENDPOINTS,
  granted: [['ALL'], ['EVENT']],
  refused: [['MEMBER'], ['FINANCE'], ['DASHBOARD'], ['SCAN'], ['MEMBER', 'FINANCE', 'DASHBOARD', 'SCAN']],
  snapshot: ordersSnapshot,
});
