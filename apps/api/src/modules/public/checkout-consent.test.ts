import { customerConsents } from '@guichet/db/schema/customers';
import { customers } from '@guichet/db/schema/orders';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { buy, newShop, orderBody, orderIdOf, TEST_ENV } from '../../../test/support/orders';
import { connectStripe, stripeTestApp } from '../../../test/support/payments';

/**
 * The checkout's marketing box rides on the order's last statement, after the places and the customer
 * record (decision 029): the consent commits with the order or not at all, for every variant of the order's
 * statements, and one person's orders at once never wait for each other in opposite orders.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

async function consentsOf(organizationId: string, email: string) {
  return t.app.ctx.db
    .select({
      granted: customerConsents.granted,
      orderId: customerConsents.orderId,
      source: customerConsents.source,
    })
    .from(customerConsents)
    .innerJoin(customers, eq(customers.id, customerConsents.customerId))
    .where(
      and(eq(customerConsents.organizationId, organizationId), sql`lower(${customers.email}) = ${email}`),
    );
}

describe('the checkout’s marketing box', () => {
  it('is recorded with the order in each variant of its statement (key, visitor id, both)', async () => {
    const shop = await newShop(t.app);
    const variants = [
      { key: undefined, visitorId: undefined },
      { key: crypto.randomUUID(), visitorId: undefined },
      { key: undefined, visitorId: crypto.randomUUID() },
      { key: crypto.randomUUID(), visitorId: crypto.randomUUID() },
    ];
    for (const [index, variant] of variants.entries()) {
      const email = `consent-${index}-${crypto.randomUUID().slice(0, 6)}@example.com`;
      const body = {
        ...orderBody(shop, { buyer: { name: 'Tia Ticked', email } }),
        marketingConsent: true,
        ...(variant.visitorId ? { visitorId: variant.visitorId } : {}),
      };
      const response = await buy(t.app, shop, body, variant.key);
      expect(response.statusCode, response.body).toBe(201);
      const orderId = await orderIdOf(t.app, response.json<{ code: string }>().code);
      expect(await consentsOf(shop.organizationId, email)).toEqual([
        { granted: true, orderId, source: 'checkout' },
      ]);
    }
  });

  it('keeps the record of a returning customer, and records nothing for a buyer who did not tick it', async () => {
    const shop = await newShop(t.app);
    const email = `again-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const first = await buy(t.app, shop, orderBody(shop, { buyer: { name: 'Ray Return', email } }));
    expect(first.statusCode).toBe(201);
    expect(await consentsOf(shop.organizationId, email)).toEqual([]);
    const second = await buy(t.app, shop, {
      ...orderBody(shop, { buyer: { name: 'Ray Return', email: email.toUpperCase() } }),
      marketingConsent: true,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(await consentsOf(shop.organizationId, email)).toHaveLength(1);
    const people = await t.app.ctx.db
      .select({ orderCount: customers.orderCount })
      .from(customers)
      .where(
        and(eq(customers.organizationId, shop.organizationId), sql`lower(${customers.email}) = ${email}`),
      );
    expect(people).toEqual([{ orderCount: 2 }]);
  });

  it('leaves no consent and no customer when the order is refused', async () => {
    const shop = await newShop(t.app, [{ name: 'Tiny', priceMinor: 1000, capacity: 1 }]);
    const email = `refused-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const refused = await buy(t.app, shop, {
      ...orderBody(shop, { buyer: { name: 'Sol Soldout', email } }),
      marketingConsent: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(await consentsOf(shop.organizationId, email)).toEqual([]);
    const people = await t.app.ctx.db
      .select()
      .from(customers)
      .where(
        and(eq(customers.organizationId, shop.organizationId), sql`lower(${customers.email}) = ${email}`),
      );
    expect(people).toEqual([]);
  });

  it('holds when one person places many orders at once, some ticking the box (no deadlock, one record each)', async () => {
    const shop = await newShop(t.app, [{ name: 'Hall', priceMinor: 1000, capacity: 100 }]);
    const email = `rush-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        buy(t.app, shop, {
          ...orderBody(shop, {
            buyer: { name: 'Rui Rush', email },
            lines: [{ ticketTypeId: shop.event.ticketTypes[0]?.id ?? '', quantity: 1 }],
          }),
          ...(i % 2 === 0 ? { marketingConsent: true } : {}),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    expect(await consentsOf(shop.organizationId, email)).toHaveLength(6);
    const people = await t.app.ctx.db
      .select({ orderCount: customers.orderCount })
      .from(customers)
      .where(
        and(eq(customers.organizationId, shop.organizationId), sql`lower(${customers.email}) = ${email}`),
      );
    expect(people).toEqual([{ orderCount: 12 }]);
  });
});

describe('the marketing box on a card order not yet paid', () => {
  it('makes the person a customer record with the consent, counting no order until it is paid', async () => {
    const stripe = await stripeTestApp();
    try {
      const shop = await newShop(stripe.t.app);
      await connectStripe(stripe.t.app, shop);
      const email = `card-consent-${crypto.randomUUID().slice(0, 6)}@example.com`;
      const response = await buy(stripe.t.app, shop, {
        ...orderBody(shop, {
          buyer: { name: 'Cara Card', email },
          paymentMethod: 'stripe',
          lines: [{ ticketTypeId: shop.event.ticketTypes[0]?.id ?? '', quantity: 1 }],
        }),
        marketingConsent: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json<{ code: string; status: string }>();
      expect(order.status).toBe('reserved');
      const orderId = await orderIdOf(stripe.t.app, order.code);
      const db = stripe.t.app.ctx.db;
      const rows = await db
        .select({
          granted: customerConsents.granted,
          orderId: customerConsents.orderId,
          count: customers.orderCount,
        })
        .from(customerConsents)
        .innerJoin(customers, eq(customers.id, customerConsents.customerId))
        .where(
          and(
            eq(customerConsents.organizationId, shop.organizationId),
            sql`lower(${customers.email}) = ${email}`,
          ),
        );
      expect(rows).toEqual([{ granted: true, orderId, count: 0 }]);
    } finally {
      await stripe.close();
    }
  });
});
