import type { PublicOrder } from '@guichet/shared/orders';
import type { OnboardingLink } from '@guichet/shared/payments';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe';
import { createTestApp, type TestContext } from './harness';
import { buy, orderBody, type Shop, TEST_ENV } from './orders';
import { orgHeaders } from './teams';

export const STRIPE_KEY = 'sk_test_guichet_0123456789';
export const WEBHOOK_SECRET = 'whsec_guichet_test_0123456789';

export interface StripeTest {
  t: TestContext;
  fake: FakeStripe;
  close(): Promise<void>;
}

/**
 * The app on a fresh database with Stripe pointed at a fake Stripe server; the fake hands its signed
 * webhooks to the app through `inject`, exactly as Stripe would POST them. Fee: 5 % + 30 minor units.
 */
export async function stripeTestApp(env: Record<string, string> = {}): Promise<StripeTest> {
  let app: App | undefined;
  const fake = await startFakeStripe({
    secretKey: STRIPE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    deliver: async (payload, signature) => {
      if (!app) return 0;
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload,
      });
      return response.statusCode;
    },
  });
  const t = await createTestApp({
    ...TEST_ENV,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    STRIPE_PLATFORM_FEE_BPS: '500',
    STRIPE_PLATFORM_FEE_FIXED_MINOR: '30',
    ...env,
  });
  app = t.app;
  return {
    t,
    fake,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** Onboards the shop's organisation through the API and the fake's hosted page (as a browser would). */
export async function connectStripe(app: App, shop: Shop) {
  const started = await app.inject({
    method: 'POST',
    url: '/api/payments/stripe/onboarding',
    headers: orgHeaders(shop.admin.accessToken, shop.organizationId),
  });
  expect(started.statusCode, started.body).toBe(200);
  const { url } = started.json<OnboardingLink>();
  const completed = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
  expect(completed.status).toBe(303);
  return { onboardingUrl: url, returnedTo: completed.headers.get('location') };
}

/** A buyer's card order: reserved, with the Checkout address to pay at. */
export async function cardOrder(app: App, shop: Shop, quantity = 2, key?: string): Promise<PublicOrder> {
  const response = await buy(
    app,
    shop,
    orderBody(shop, {
      paymentMethod: 'stripe',
      lines: [{ ticketTypeId: shop.event.ticketTypes[0]?.id ?? '', quantity }],
    }),
    key,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PublicOrder>();
}

export const sessionIdOf = (checkoutUrl: string | null | undefined) =>
  (checkoutUrl ?? '').split('/').pop() ?? '';

export async function publicOrder(app: App, code: string): Promise<PublicOrder> {
  const response = await app.inject({ method: 'GET', url: `/api/public/orders/${code}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicOrder>();
}
