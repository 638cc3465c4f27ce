import { createLimitedRole } from '@guichet/db/limited-role';
import type { FinanceDocument } from '@guichet/shared/finances';
import type { OrderDetail } from '@guichet/shared/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import { boxOfficeOrder, financesGet, refundOrder } from '../../../test/support/finances';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';
import { orgHeaders } from '../../../test/support/teams';
import type { App } from '../../app';

/**
 * Refunds of invoiced orders made at once. Each issues its credit note in its own transaction, numbered
 * from the organisation's counter row, so they queue on that row: none may fail for it, and the numbers
 * run from 1 without gap or duplicate. On PostgreSQL the burst runs again with the app's role allowed
 * fewer connections than it opens, as on a server that other processes fill: a refund refused a
 * connection must wait for one, not answer 500 (packages/db/src/patient-pool.ts), however long the burst.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

async function invoicedSale(app: App, shop: Shop, quantity: number): Promise<OrderDetail> {
  const order = await boxOfficeOrder(app, shop, quantity);
  const invoice = await app.inject({
    method: 'POST',
    url: `/api/finances/orders/${order.id}/documents`,
    headers: orgHeaders(shop.admin.accessToken, shop.organizationId),
    payload: { kind: 'invoice' },
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  return order;
}

/**
 * 24 orders refunded 400 each and 6 orders of three tickets each refunded ticket by ticket, all 42
 * refunds at once; then every answer, the credit notes' numbers and amounts, and each order's total.
 */
async function refundBurst(app: App) {
  const shop = await newShop(app, [{ name: 'Concert', priceMinor: 1000, capacity: 500 }]);
  const single: OrderDetail[] = [];
  for (let index = 0; index < 24; index += 1) single.push(await invoicedSale(app, shop, 1));
  const shared: OrderDetail[] = [];
  for (let index = 0; index < 6; index += 1) shared.push(await invoicedSale(app, shop, 3));
  const requests = [
    ...single.map((order) => ({ orderId: order.id, payload: { ticketIds: [], amountMinor: 400 } })),
    ...shared.flatMap((order) =>
      order.tickets.map((ticket) => ({ orderId: order.id, payload: { ticketIds: [ticket.id] } })),
    ),
  ];
  const answers = await Promise.all(
    requests.map(({ orderId, payload }) => refundOrder(app, shop, orderId, payload)),
  );
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

  const list = await financesGet(app, shop, '/api/finances/documents?limit=200');
  const notes = list.json<{ items: FinanceDocument[] }>().items.filter((item) => item.kind === 'credit_note');
  expect(notes.map((note) => note.number).sort((a, b) => a - b)).toEqual(
    Array.from({ length: requests.length }, (_, index) => index + 1),
  );
  const credited = (orderId: string) =>
    notes.filter((note) => note.orderId === orderId).reduce((sum, note) => sum + note.amountMinor, 0);
  for (const [orders, refunded] of [
    [single, 400],
    [shared, 3000],
  ] as const) {
    for (const order of orders) {
      const detail = await app.inject({
        method: 'GET',
        url: `/api/orders/${order.id}`,
        headers: orgHeaders(shop.admin.accessToken, shop.organizationId),
      });
      expect(detail.json<OrderDetail>().refundedMinor).toBe(refunded);
      expect(credited(order.id)).toBe(refunded);
    }
  }
}

describe('credit notes of refunds made at once', () => {
  it('issues one per refund, numbered without gap or duplicate, on distinct orders and on one order', async () => {
    await refundBurst(t.app);
  }, 120_000);
});

describe.skipIf(!onPostgres)('on a server that grants fewer connections than the burst opens', () => {
  let role: Awaited<ReturnType<typeof createLimitedRole>> | undefined;
  let limited: TestContext | undefined;

  beforeAll(async () => {
    role = await createLimitedRole(process.env.TEST_DATABASE_URL ?? '', { connections: 10, createdb: true });
    limited = await createTestApp(TEST_ENV, { databaseServer: role.url });
  });
  afterAll(async () => {
    await limited?.close();
    await role?.drop();
  });

  it('answers every refund, and numbers their credit notes without gap or duplicate', async () => {
    if (!limited) throw new Error('no app');
    await refundBurst(limited.app);
  }, 120_000);
});
