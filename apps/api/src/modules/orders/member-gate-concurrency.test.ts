import { orders, tickets } from '@guichet/db/schema/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatedOrder, gatedShop, requestCode } from '../../../test/support/gating';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { buy, TEST_ENV } from '../../../test/support/orders';

// Run on PostgreSQL too (TEST_DATABASE_URL): there the 50 orders really run at once, on several
// connections; on PGlite they queue on its one connection.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

describe('the per-member maximum under concurrency', () => {
  it('gives exactly one order of 50 sent at once by one member of a "1 per member" type', async () => {
    const email = 'eve.member@example.com';
    const shop = await gatedShop(t, [email], { maxPerMember: 1 });
    // Each order carries a code of its own, so that only the per-member count can stop them (a shared
    // code would let one order through by itself).
    for (let i = 0; i < 50; i++) expect((await requestCode(t, shop, email)).statusCode).toBe(202);
    await t.app.outbox.drain();
    const codes = t.mails
      .filter((mail) => mail.to === email)
      .map((mail) => /: (\d{6})/.exec(mail.text)?.[1] as string);
    expect(new Set(codes).size).toBeGreaterThan(45);

    const answers = await Promise.all(codes.map((code) => buy(t.app, shop, gatedOrder(shop, email, code))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // Every other order is stopped by the maximum (or, for a code drawn twice by chance, as used).
    const refused = answers.filter((answer) => answer.statusCode !== 201).map((a) => a.json().error.code);
    expect(refused.every((code) => code === 'member-limit-reached' || code === 'member-code-used')).toBe(
      true,
    );
    expect(refused.filter((code) => code === 'member-limit-reached').length).toBeGreaterThanOrEqual(
      new Set(codes).size - 1,
    );

    const held = await t.app.ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(and(eq(tickets.ticketTypeId, shop.gatedTypeId), eq(orders.buyerEmail, email)));
    expect(held).toHaveLength(1);
  });
});
