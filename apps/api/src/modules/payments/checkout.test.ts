import { customers, orders, tickets } from '@guichet/db/schema/orders';
import {
  checkoutSessions,
  payments,
  refunds,
  stripeAccounts,
  stripeEvents,
} from '@guichet/db/schema/payments';
import type { PublicEvent } from '@guichet/shared/orders';
import type { StripeAccountState } from '@guichet/shared/payments';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSignature } from '../../../test/fakes/stripe';
import { createTestApp } from '../../../test/support/harness';
import {
  buy,
  counts,
  newShop,
  orderBody,
  orderIdOf,
  ordersSnapshot,
  TEST_ENV,
  typeId,
} from '../../../test/support/orders';
import {
  cardOrder,
  connectStripe,
  publicOrder,
  type StripeTest,
  sessionIdOf,
  stripeTestApp,
  WEBHOOK_SECRET,
} from '../../../test/support/payments';
import { addStaff, orgHeaders } from '../../../test/support/teams';
import { expireDueReservations } from '../orders/expiry.service';
import { paymentsJob } from './payments.job';

let s: StripeTest;
beforeAll(async () => {
  s = await stripeTestApp({ RESERVATION_MINUTES: '10' });
});
afterAll(async () => s.close());

const MINUTE = 60_000;
const app = () => s.t.app;
const db = () => s.t.app.ctx.db;

async function accountState(token: string, organizationId: string) {
  const response = await app().inject({
    method: 'GET',
    url: '/api/payments/stripe/account',
    headers: orgHeaders(token, organizationId),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StripeAccountState>();
}

async function publicEvent(orgSlug: string, eventSlug: string) {
  const response = await app().inject({ method: 'GET', url: `/api/public/events/${orgSlug}/${eventSlug}` });
  return response.json<PublicEvent>();
}

async function cardShop(capacity = 10) {
  const shop = await newShop(app(), [{ name: 'Standard', priceMinor: 2500, capacity }]);
  await connectStripe(app(), shop);
  return shop;
}

describe('Stripe Connect onboarding', () => {
  it('creates one Express account, returns to /checkout/account, and stores the state Stripe sends', async () => {
    const shop = await newShop(app());
    const token = shop.admin.accessToken;
    expect(await accountState(token, shop.organizationId)).toEqual({
      available: true,
      connected: false,
      accountId: null,
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    });
    expect((await publicEvent(shop.orgSlug, shop.event.slug)).paymentMethods).toEqual(['offline']);
    const refused = await buy(app(), shop, orderBody(shop, { paymentMethod: 'stripe' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('card-payments-unavailable');

    const first = await app().inject({
      method: 'POST',
      url: '/api/payments/stripe/onboarding',
      headers: orgHeaders(token, shop.organizationId),
    });
    expect(first.statusCode, first.body).toBe(200);
    const started = await accountState(token, shop.organizationId);
    expect(started).toMatchObject({ connected: true, detailsSubmitted: false, chargesEnabled: false });
    const account = s.fake.accounts.get(started.accountId ?? '');
    expect(account?.type).toBe('express');
    expect(account?.metadata).toEqual({ organization_id: shop.organizationId });

    // Continuing onboarding reuses the account.
    const { returnedTo } = await connectStripe(app(), shop);
    expect(returnedTo).toBe('http://localhost:4000/checkout/account');
    expect(s.fake.accounts.size).toBeGreaterThanOrEqual(1);
    const stored = await db()
      .select()
      .from(stripeAccounts)
      .where(eq(stripeAccounts.organizationId, shop.organizationId));
    expect(stored).toMatchObject([
      { stripeAccountId: started.accountId, chargesEnabled: true, payoutsEnabled: true },
    ]);
    expect(s.fake.deliveries.at(-1)).toMatchObject({ type: 'account.updated', status: 200 });
    expect(await accountState(token, shop.organizationId)).toMatchObject({
      accountId: started.accountId,
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    expect((await publicEvent(shop.orgSlug, shop.event.slug)).paymentMethods).toEqual(['offline', 'stripe']);
  });

  it('applies each account event once: a redelivered older event does not undo a newer one', async () => {
    const shop = await newShop(app());
    await connectStripe(app(), shop);
    const enabled = s.fake.deliveries.at(-1);
    const [row] = await db()
      .select()
      .from(stripeAccounts)
      .where(eq(stripeAccounts.organizationId, shop.organizationId));
    const accountId = row?.stripeAccountId ?? '';
    const first = await db()
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, enabled?.id ?? ''));
    expect(first).toMatchObject([{ type: 'account.updated', account: accountId }]);
    // Stripe then disables charges (a newer event)...
    const account = s.fake.accounts.get(accountId);
    const disabled = { ...account, charges_enabled: false, payouts_enabled: false };
    expect(await s.fake.send('account.updated', disabled, accountId)).toBe(200);
    const stateOf = async () =>
      (
        await db().select().from(stripeAccounts).where(eq(stripeAccounts.organizationId, shop.organizationId))
      )[0];
    expect(await stateOf()).toMatchObject({ chargesEnabled: false, payoutsEnabled: false });
    // ...and the first event arrives again: already processed, it changes nothing.
    const replayed = s.fake.sentEvents.find((event) => event.id === enabled?.id);
    expect(replayed).toBeDefined();
    expect(await s.fake.resend(replayed as Record<string, unknown>)).toBe(200);
    expect(await stateOf()).toMatchObject({ chargesEnabled: false, payoutsEnabled: false });
  });

  it('gives FINANCE the state and fresh links but not the start; DASHBOARD and SCAN get 403', async () => {
    const shop = await newShop(app());
    const finance = await addStaff(app(), shop.organizationId, ['FINANCE']);
    const asFinance = orgHeaders(finance.accessToken, shop.organizationId);
    const noAccount = await app().inject({
      method: 'POST',
      url: '/api/payments/stripe/onboarding/refresh',
      headers: asFinance,
    });
    expect(noAccount.statusCode).toBe(409);
    expect(noAccount.json().error.code).toBe('payment-account-missing');
    const start = await app().inject({
      method: 'POST',
      url: '/api/payments/stripe/onboarding',
      headers: asFinance,
    });
    expect(start.statusCode).toBe(403);
    await connectStripe(app(), shop);
    const refresh = await app().inject({
      method: 'POST',
      url: '/api/payments/stripe/onboarding/refresh',
      headers: asFinance,
    });
    expect(refresh.statusCode, refresh.body).toBe(200);
    expect(refresh.json().url).toContain(`${s.fake.url}/connect/onboarding/`);
    expect((await accountState(finance.accessToken, shop.organizationId)).chargesEnabled).toBe(true);
    for (const permission of ['DASHBOARD', 'SCAN', 'EVENT'] as const) {
      const member = await addStaff(app(), shop.organizationId, [permission]);
      const headers = orgHeaders(member.accessToken, shop.organizationId);
      for (const [method, url] of [
        ['GET', '/api/payments/stripe/account'],
        ['POST', '/api/payments/stripe/onboarding'],
        ['POST', '/api/payments/stripe/onboarding/refresh'],
      ] as const) {
        const response = await app().inject({ method, url, headers });
        expect(response.statusCode, `${permission} ${method} ${url}`).toBe(403);
      }
    }
  });

  it('without a Stripe key, says cards are unavailable and offers offline payment only', async () => {
    const plain = await createTestApp(TEST_ENV);
    try {
      const shop = await newShop(plain.app);
      const headers = orgHeaders(shop.admin.accessToken, shop.organizationId);
      const state = await plain.app.inject({ method: 'GET', url: '/api/payments/stripe/account', headers });
      expect(state.json()).toMatchObject({ available: false, connected: false });
      const start = await plain.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/onboarding',
        headers,
      });
      expect(start.statusCode).toBe(409);
      expect(start.json().error.code).toBe('card-payments-unavailable');
      const event = await plain.app.inject({
        method: 'GET',
        url: `/api/public/events/${shop.orgSlug}/${shop.event.slug}`,
      });
      expect(event.json().paymentMethods).toEqual(['offline']);
    } finally {
      await plain.close();
    }
  });
});

describe('card checkout', () => {
  it('reserves the seats, opens a Checkout Session on the connected account with the fee, and the webhook makes it paid', async () => {
    const shop = await cardShop();
    const order = await cardOrder(app(), shop, 2);
    expect(order.status).toBe('reserved');
    expect(order.tickets.every((ticket) => ticket.secret === null)).toBe(true);
    expect(order.checkoutUrl).toMatch(new RegExp(`^${s.fake.url}/checkout/pay/cs_test_`));
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 0, held: 2 }] });

    const session = s.fake.sessions.get(sessionIdOf(order.checkoutUrl));
    const [account] = await db()
      .select()
      .from(stripeAccounts)
      .where(eq(stripeAccounts.organizationId, shop.organizationId));
    expect(session).toMatchObject({
      account: account?.stripeAccountId,
      amount_total: 5000,
      currency: 'eur',
      client_reference_id: order.code,
      // 5 % of 5000 + 30
      payment_intent_data: { application_fee_amount: 280 },
      success_url: `http://localhost:4000/checkout/firebase?order=${order.code}`,
    });
    // The public order page carries the same address while the reservation lasts.
    expect((await publicOrder(app(), order.code)).checkoutUrl).toBe(order.checkoutUrl);
    const again = await app().inject({ method: 'POST', url: `/api/public/orders/${order.code}/checkout` });
    expect(again.json().url).toBe(order.checkoutUrl);

    const paid = await s.fake.pay(session?.id ?? '');
    expect(paid.status).toBe(200);
    const after = await publicOrder(app(), order.code);
    expect(after.status).toBe('paid');
    expect(after.checkoutUrl).toBeNull();
    expect(after.tickets.every((ticket) => ticket.secret !== null)).toBe(true);
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 2, held: 0 }] });
    const orderId = await orderIdOf(app(), order.code);
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toMatchObject([
      { provider: 'stripe', amountMinor: 5000, applicationFeeMinor: 280, currency: 'EUR' },
    ]);
    const [customer] = await db().select().from(customers).where(eq(customers.email, order.buyer.email));
    expect(customer).toMatchObject({ orderCount: 1, totalSpentMinor: 5000 });
    await app().outbox.drain();
    expect(s.t.mails.filter((mail) => mail.to === order.buyer.email).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Your tickets'),
    ]);
    const [sessionRow] = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.orderId, orderId));
    expect(sessionRow?.status).toBe('complete');
  });

  it('refuses a webhook whose signature does not verify (400), changing nothing', async () => {
    const shop = await cardShop();
    const order = await cardOrder(app(), shop, 1);
    const session = s.fake.sessions.get(sessionIdOf(order.checkoutUrl));
    const completed = { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' };
    const before = await ordersSnapshot(app(), shop.organizationId);
    const wrongSecret = await s.fake.send(
      'checkout.session.completed',
      completed,
      session?.account ?? null,
      'whsec_wrong',
    );
    expect(wrongSecret).toBe(400);
    const payload = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      account: session?.account,
      data: { object: completed },
    });
    const headers = { 'content-type': 'application/json' };
    const missing = await app().inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers,
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('invalid-webhook-signature');
    // Signed, then altered: the signature is over the exact bytes.
    const signature = stripeSignature(payload, WEBHOOK_SECRET);
    const tampered = await app().inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { ...headers, 'stripe-signature': signature },
      payload: payload.replace('pi_forged', 'pi_forgex'),
    });
    expect(tampered.statusCode).toBe(400);
    // Too old: outside Stripe's five-minute tolerance.
    const stale = await app().inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        ...headers,
        'stripe-signature': stripeSignature(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
      },
      payload,
    });
    expect(stale.statusCode).toBe(400);
    expect(await ordersSnapshot(app(), shop.organizationId)).toEqual(before);
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_forged'))).toEqual([]);
  });

  it('signs webhooks exactly as Stripe does (the SDK’s own test header verifies the same way)', () => {
    const payload = '{"id":"evt_1"}';
    const timestamp = 1_700_000_000;
    const ours = stripeSignature(payload, WEBHOOK_SECRET, timestamp);
    const sdk = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
    expect(ours).toBe(sdk);
  });

  it('applies the same event once however often it is delivered', async () => {
    const shop = await cardShop();
    const order = await cardOrder(app(), shop, 2);
    const paid = await s.fake.pay(sessionIdOf(order.checkoutUrl));
    const snapshot = await ordersSnapshot(app(), shop.organizationId);
    const orderId = await orderIdOf(app(), order.code);
    const twice = await Promise.all([s.fake.resend(paid.event), s.fake.resend(paid.event)]);
    expect(twice).toEqual([200, 200]);
    expect(
      await db()
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, String(paid.event.id))),
    ).toHaveLength(1);
    expect(await ordersSnapshot(app(), shop.organizationId)).toEqual(snapshot);
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 2, held: 0 }] });
  });

  it('honours a payment after expiry when the places can still be taken', async () => {
    const shop = await cardShop(5);
    const order = await cardOrder(app(), shop, 2);
    const orderId = await orderIdOf(app(), order.code);
    await expireDueReservations(db(), new Date(Date.now() + 11 * MINUTE));
    expect((await publicOrder(app(), order.code)).status).toBe('expired');
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 0, held: 0 }] });
    // The session outlives the reservation (Stripe's 30-minute minimum): the buyer still pays.
    await s.fake.pay(sessionIdOf(order.checkoutUrl));
    const after = await publicOrder(app(), order.code);
    expect(after.status).toBe('paid');
    expect(after.tickets.map((ticket) => ticket.status)).toEqual(['valid', 'valid']);
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 2, held: 0 }] });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  });

  it('refunds a payment after expiry in full when the places are gone, keeping the order expired', async () => {
    const shop = await cardShop(2);
    const order = await cardOrder(app(), shop, 2);
    const orderId = await orderIdOf(app(), order.code);
    await expireDueReservations(db(), new Date(Date.now() + 11 * MINUTE));
    const other = await buy(
      app(),
      shop,
      orderBody(shop, { lines: [{ ticketTypeId: typeId(shop), quantity: 2 }] }),
    );
    expect(other.statusCode).toBe(201);
    await app().outbox.drain();
    const mailsBefore = s.t.mails.length;

    const paid = await s.fake.pay(sessionIdOf(order.checkoutUrl));
    expect(paid.status).toBe(200);
    const after = await publicOrder(app(), order.code);
    expect(after.status).toBe('expired');
    expect(after.refundedMinor).toBe(5000);
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ sold: 2, held: 0 }] });
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({
      provider: 'stripe',
      amountMinor: 5000,
      status: 'succeeded',
      reason: 'late-payment',
    });
    const intent = s.fake.intents.get(String(paid.event.data.object.payment_intent));
    expect(intent).toMatchObject({ amount: 5000, refunded: 5000 });
    expect(s.fake.refunds.at(-1)).toMatchObject({ id: refund?.stripeRefundId, refund_application_fee: true });
    await app().outbox.drain();
    const sent = s.t.mails.slice(mailsBefore).filter((mail) => mail.to === order.buyer.email);
    expect(sent.map((mail) => mail.subject)).toEqual([expect.stringContaining('Refund')]);
    expect(sent[0]?.text).toContain('after your reservation had expired');
    const ticketRows = await db().select().from(tickets).where(eq(tickets.orderId, orderId));
    expect(ticketRows.every((ticket) => ticket.status === 'cancelled')).toBe(true);
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row?.refundedMinor).toBe(5000);
  });

  it('expires the Checkout Session at Stripe once the reservation has ended, and offers no payment page', async () => {
    const shop = await cardShop();
    const order = await cardOrder(app(), shop, 1);
    const sessionId = sessionIdOf(order.checkoutUrl);
    await expireDueReservations(db(), new Date(Date.now() + 11 * MINUTE));
    await paymentsJob(app().ctx, app().log).runOnce();
    expect(s.fake.sessions.get(sessionId)?.status).toBe('expired');
    const [row] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(row?.status).toBe('expired');
    const again = await app().inject({ method: 'POST', url: `/api/public/orders/${order.code}/checkout` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('invalid-order-status');
    expect((await publicOrder(app(), order.code)).checkoutUrl).toBeNull();
  });

  it('keeps the reservation when Stripe is down and makes the page on "continue to payment"', async () => {
    const shop = await cardShop();
    s.fake.state.failNext = 10;
    const order = await cardOrder(app(), shop, 1);
    s.fake.state.failNext = 0;
    expect(order.status).toBe('reserved');
    expect(order.checkoutUrl).toBeNull();
    const retry = await app().inject({ method: 'POST', url: `/api/public/orders/${order.code}/checkout` });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().url).toContain('/checkout/pay/');
    expect((await publicOrder(app(), order.code)).checkoutUrl).toBe(retry.json().url);
  });

  it('replays a card order for the same Idempotency-Key with its Checkout address', async () => {
    const shop = await cardShop();
    const body = orderBody(shop, { paymentMethod: 'stripe' });
    const first = await buy(app(), shop, body, 'card-key-0001');
    const second = await buy(app(), shop, body, 'card-key-0001');
    expect(second.statusCode).toBe(201);
    expect(second.json().code).toBe(first.json().code);
    expect(second.json().checkoutUrl).toBe(first.json().checkoutUrl);
    expect(await counts(app(), shop.event.id)).toMatchObject({ types: [{ held: 2 }] });
  });
});
