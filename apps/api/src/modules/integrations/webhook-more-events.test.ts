import { webhookDeliveries } from '@guichet/db/schema/integrations';
import { customers } from '@guichet/db/schema/orders';
import type { WebhookSecret } from '@guichet/shared/integrations';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxOffice } from '../../../test/support/customers';
import { buy, newShop, orderBody, type Shop } from '../../../test/support/orders';
import {
  cardOrder,
  connectStripe,
  type StripeTest,
  sessionIdOf,
  stripeTestApp,
} from '../../../test/support/payments';
import { stripeAccountOf } from '../../../test/support/payouts';
import { orgHeaders } from '../../../test/support/teams';
import type { App } from '../../app';

/**
 * The events decision 034 left out: `customer.created` (checkout, a card payment, an import, a person
 * added by staff), `customer.erased` (ids only) and `payout.reconciled`, each written in the change's own
 * transaction. Nothing is delivered here: the outbox rows are what the change committed.
 */
let s: StripeTest;
let shop: Shop;
const app = (): App => s.t.app;

beforeAll(async () => {
  s = await stripeTestApp();
  shop = await newShop(app());
  await connectStripe(app(), shop);
  await subscribe(shop);
});
afterAll(async () => s?.close());

async function subscribe(on: Shop) {
  const response = await app().inject({
    method: 'POST',
    url: '/api/integrations/webhooks',
    headers: orgHeaders(on.admin.accessToken, on.organizationId),
    payload: {
      // Never delivered in this file (no drain); private addresses are allowed in tests.
      url: 'http://127.0.0.1:9/hooks',
      eventTypes: ['customer.created', 'customer.erased', 'payout.reconciled'],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookSecret>();
}

interface Event {
  messageId: string;
  type: string;
  data: Record<string, unknown>;
}

async function events(on: Shop, type: string): Promise<Event[]> {
  const rows = await app()
    .ctx.db.select({ messageId: webhookDeliveries.messageId, payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.organizationId, on.organizationId), eq(webhookDeliveries.eventType, type)),
    )
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  return rows.map((row) => {
    const payload = row.payload as { type: string; data: Record<string, unknown> };
    return { messageId: row.messageId, type: payload.type, data: payload.data };
  });
}

async function customerIdOf(on: Shop, email: string): Promise<string> {
  const [row] = await app()
    .ctx.db.select({ id: customers.id })
    .from(customers)
    .where(
      and(eq(customers.organizationId, on.organizationId), sql`lower(${customers.email}) = lower(${email})`),
    );
  if (!row) throw new Error(`no customer ${email}`);
  return row.id;
}

const createdFor = async (on: Shop, email: string) =>
  (await events(on, 'customer.created')).filter((event) => event.data.email === email);

describe('customer.created', () => {
  it('is written by the checkout’s own statement for a new buyer, and not again when they come back', async () => {
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const body = () => orderBody(shop, { buyer: { name: 'Nina New', email } });
    expect((await buy(app(), shop, body())).statusCode).toBe(201);
    expect((await buy(app(), shop, body(), crypto.randomUUID())).statusCode).toBe(201);
    const created = await createdFor(shop, email);
    expect(created).toEqual([
      {
        messageId: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
        type: 'customer.created',
        data: { id: await customerIdOf(shop, email), email, name: 'Nina New', source: 'order' },
      },
    ]);
  });

  it('comes with the consent of a card order not yet paid, and not again when the card pays', async () => {
    const email = `card-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await buy(app(), shop, {
      ...orderBody(shop, {
        buyer: { name: 'Cara Card', email },
        paymentMethod: 'stripe',
        lines: [{ ticketTypeId: shop.event.ticketTypes[0]?.id ?? '', quantity: 1 }],
      }),
      marketingConsent: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await createdFor(shop, email)).toHaveLength(1);
    const order = response.json<{ checkoutUrl: string | null }>();
    expect((await s.fake.pay(sessionIdOf(order.checkoutUrl))).status).toBe(200);
    expect(await createdFor(shop, email)).toHaveLength(1);
  });

  it('is written when a card payment makes the buyer a customer', async () => {
    const order = await cardOrder(app(), shop, 1);
    const email = order.buyer.email;
    expect(await createdFor(shop, email)).toEqual([]);
    expect((await s.fake.pay(sessionIdOf(order.checkoutUrl))).status).toBe(200);
    const created = await createdFor(shop, email);
    expect(created.map((event) => event.data)).toEqual([
      { id: await customerIdOf(shop, email), email, name: order.buyer.name, source: 'order' },
    ]);
  });

  it('is written for each new person of an import, not for those already known', async () => {
    const known = `known-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await boxOffice(shop, { name: 'Kai Known', email: known });
    const fresh = `import-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const started = await app().inject({
      method: 'POST',
      url: '/api/customer-imports?email=0&name=1',
      headers: { ...orgHeaders(shop.admin.accessToken, shop.organizationId), 'content-type': 'text/csv' },
      payload: `${known};Kai Known\r\n${fresh};Ines Imported\r\n`,
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<{ id: string }>();
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const polled = await shop.call('GET', `/api/customer-imports/${id}`);
      if (polled.json<{ status: string }>().status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await createdFor(shop, fresh)).map((event) => event.data)).toEqual([
      { id: await customerIdOf(shop, fresh), email: fresh, name: 'Ines Imported', source: 'import' },
    ]);
    expect(await createdFor(shop, known)).toHaveLength(1); // its box-office order, not the import
    expect((await createdFor(shop, known))[0]?.data.source).toBe('order');
  });

  it('is written when staff add a new person to a member list, not for someone already a customer', async () => {
    const list = await shop.call('POST', '/api/member-lists', {
      name: `Friends ${crypto.randomUUID().slice(0, 4)}`,
    });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json<{ id: string }>().id;
    const known = `member-known-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await boxOffice(shop, { name: 'Mo Member', email: known });
    const fresh = `member-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const added = await shop.call('POST', `/api/member-lists/${listId}/members`, {
      people: [
        { email: fresh, name: 'Lou List' },
        { email: known, name: 'Mo Member' },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await createdFor(shop, fresh)).map((event) => event.data)).toEqual([
      { id: await customerIdOf(shop, fresh), email: fresh, name: 'Lou List', source: 'staff' },
    ]);
    expect(await createdFor(shop, known)).toHaveLength(1);
  });
});

describe('customer.erased', () => {
  it('carries ids only, and the person’s earlier deliveries are forgotten', async () => {
    const email = `erase-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const name = 'Erin Erasable';
    await boxOffice(shop, { name, email });
    const customerId = await customerIdOf(shop, email);
    expect(await createdFor(shop, email)).toHaveLength(1);
    const erased = await shop.call('POST', `/api/customers/${customerId}/erase`, { confirmEmail: email });
    expect(erased.statusCode, erased.body).toBe(204);
    const [event, ...more] = (await events(shop, 'customer.erased')).filter(
      (candidate) => candidate.data.id === customerId,
    );
    expect(more).toEqual([]);
    expect(event?.data).toEqual({
      id: customerId,
      customerIds: [customerId],
      orderIds: [expect.any(String)],
    });
    const everything = JSON.stringify(
      await app()
        .ctx.db.select({ payload: webhookDeliveries.payload })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.organizationId, shop.organizationId)),
    );
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(name);
  });
});

describe('payout.reconciled', () => {
  it('is written once when a payout becomes reconciled, not again when it is synced again', async () => {
    const other = await newShop(app());
    await connectStripe(app(), other);
    await subscribe(other);
    const order = await cardOrder(app(), other, 1);
    expect((await s.fake.pay(sessionIdOf(order.checkoutUrl))).status).toBe(200);
    const account = await stripeAccountOf(app(), other.organizationId);
    const payout = await s.fake.balance.createPayout(account, {});
    await s.fake.balance.setPayoutStatus(payout.id, 'paid');
    const reconciled = await events(other, 'payout.reconciled');
    expect(reconciled.map((event) => event.data)).toEqual([
      {
        id: expect.any(String),
        stripePayoutId: payout.id,
        amountMinor: payout.amount,
        currency: expect.any(String),
        arrivalDate: expect.any(String),
        transactions: expect.any(Number),
      },
    ]);
    // Stripe sends the same news again: nothing new.
    const sent = s.fake.sentEvents.filter((sentEvent) => String(sentEvent.type).startsWith('payout.'));
    for (const sentEvent of sent) await s.fake.resend(sentEvent);
    expect(await events(other, 'payout.reconciled')).toHaveLength(1);
  });
});
