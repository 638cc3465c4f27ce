import type { FinanceDocument } from '@guichet/shared/finances';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxOfficeOrder, financesGet, offlineOrder } from '../../../test/support/finances';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';
import { addStaff, orgHeaders } from '../../../test/support/teams';

let t: TestContext;
let shop: Shop;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await newShop(t.app, [{ name: 'Standard', priceMinor: 2500, capacity: 500 }]);
});
afterAll(async () => t.close());

function issue(orderId: string, payload: object, token = shop.admin.accessToken) {
  return t.app.inject({
    method: 'POST',
    url: `/api/finances/orders/${orderId}/documents`,
    headers: orgHeaders(token, shop.organizationId),
    payload,
  });
}

describe('receipts and invoices', () => {
  it('numbers 100 receipts issued at once 1 to 100, no gap and no duplicate', async () => {
    const orders: string[] = [];
    for (let index = 0; index < 100; index += 1) orders.push((await boxOfficeOrder(t.app, shop, 1)).id);
    const responses = await Promise.all(orders.map((id) => issue(id, { kind: 'receipt' })));
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const numbers = responses
      .map((response) => response.json<FinanceDocument>().number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    // Asked again: the same receipt, no new number.
    const again = await issue(orders[0] ?? '', { kind: 'receipt' });
    expect(again.statusCode).toBe(200);
    expect(again.json<FinanceDocument>().reference).toBe(responses[0]?.json<FinanceDocument>().reference);
    const list = await financesGet(t.app, shop, '/api/finances/documents?limit=200');
    expect(list.json<{ items: FinanceDocument[] }>().items).toHaveLength(100);
  }, 180_000);

  it('issues invoices in their own series, to the company named, and refuses unpaid orders', async () => {
    const paid = await boxOfficeOrder(t.app, shop, 2);
    const invoice = await issue(paid.id, {
      kind: 'invoice',
      billing: { name: 'Acme SARL', address: '1 rue de la Paix, Paris', vatNumber: 'FR12345678901' },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json<FinanceDocument>()).toMatchObject({
      kind: 'invoice',
      number: 1,
      reference: 'INV-000001',
      amountMinor: 5000,
      billedTo: { name: 'Acme SARL', vatNumber: 'FR12345678901' },
    });
    const pending = await offlineOrder(t.app, shop, 1);
    const refused = await issue(pending.orderId, { kind: 'receipt' });
    expect(refused.statusCode).toBe(409);
    // The refusal took no number: the next receipt follows the last one.
    const next = await issue(paid.id, { kind: 'receipt' });
    expect(next.json<FinanceDocument>().number).toBe(101);
  });

  it('never changes an issued document', async () => {
    await expect(t.app.ctx.db.execute(sql`update documents set amount_minor = 1`)).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`delete from documents`)).rejects.toThrow();
  });

  it('admits ALL and FINANCE only, and refuses bad input with 400', async () => {
    const paid = await boxOfficeOrder(t.app, shop, 1);
    const finance = await addStaff(t.app, shop.organizationId, ['FINANCE']);
    expect((await issue(paid.id, { kind: 'receipt' }, finance.accessToken)).statusCode).toBe(201);
    for (const permissions of [['EVENT'], ['MEMBER'], ['DASHBOARD'], ['SCAN']] as const) {
      const person = await addStaff(t.app, shop.organizationId, [...permissions]);
      expect((await issue(paid.id, { kind: 'invoice' }, person.accessToken)).statusCode).toBe(403);
      expect((await financesGet(t.app, shop, '/api/finances/documents', person.accessToken)).statusCode).toBe(
        403,
      );
    }
    for (const payload of [
      {},
      { kind: 'bill' },
      { kind: 'invoice', billing: { name: '' } },
      { kind: 'receipt', x: 1 },
    ]) {
      expect((await issue(paid.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await issue('nope', { kind: 'receipt' })).statusCode).toBe(400);
    expect((await issue('0190a0a0-0000-7000-8000-000000000000', { kind: 'receipt' })).statusCode).toBe(404);
  });
});
