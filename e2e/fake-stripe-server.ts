/**
 * The fake Stripe of the browser journeys, as a process of its own that Playwright starts before the app:
 * the Stripe API subset the app's SDK calls, plus the hosted onboarding and checkout pages, sending signed
 * webhooks to the app.
 *
 *   FAKE_STRIPE_PORT=6100 FAKE_STRIPE_KEY=sk_test_... FAKE_STRIPE_WEBHOOK_SECRET=whsec_... \
 *   FAKE_STRIPE_WEBHOOK_URL=http://localhost:4100/api/payments/stripe/webhook node --import tsx e2e/fake-stripe-server.ts
 */
import { startFakeStripe } from '@guichet/api/test-support';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const fake = await startFakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 6100),
  secretKey: required('FAKE_STRIPE_KEY'),
  webhookSecret: required('FAKE_STRIPE_WEBHOOK_SECRET'),
  webhookUrl: required('FAKE_STRIPE_WEBHOOK_URL'),
});
console.log(`Fake Stripe at ${fake.url}`);
