import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignUp, signIn, uniqueEmail } from './support';

const DAY = 24 * 60 * 60 * 1000;

// Each journey goes through two sites (the app and Stripe's pages) and several page loads.
test.setTimeout(120_000);

interface Organiser {
  email: string;
  password: string;
  accessToken: string;
  organizationId: string;
  orgSlug: string;
  eventId: string;
  eventSlug: string;
}

/** A new organiser with a published event of one €25 ticket type (through the API, as the UI is tested elsewhere). */
async function organiserWithEvent(request: APIRequestContext, capacity: number): Promise<Organiser> {
  const staff = await apiSignUp(request, 'Paula Payments');
  const createdOrganization = await request.post('/api/organizations', {
    data: { name: `Card Club ${Date.now().toString(36)}` },
    headers: { authorization: `Bearer ${staff.accessToken}` },
  });
  expect(createdOrganization.status()).toBe(201);
  const organization = (await createdOrganization.json()) as { id: string; slug: string };
  const headers = { authorization: `Bearer ${staff.accessToken}`, 'x-organization-id': organization.id };
  const start = Date.now() + 20 * DAY;
  const created = await request.post('/api/events', {
    headers,
    data: {
      name: 'Card Night',
      description: '<p>Pay by card.</p>',
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3 * 3600_000).toISOString(),
      timeZone: 'Europe/Paris',
      locationType: 'online',
      onlineUrl: 'https://example.com/live',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; slug: string };
  const type = await request.post(`/api/events/${event.id}/ticket-types`, {
    headers,
    data: { name: 'Standard', priceMinor: 2500, capacity, maxPerOrder: 4 },
  });
  expect(type.status(), await type.text()).toBe(201);
  const published = await request.post(`/api/events/${event.id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  return {
    email: staff.email,
    password: staff.password,
    accessToken: staff.accessToken,
    organizationId: organization.id,
    orgSlug: organization.slug,
    eventId: event.id,
    eventSlug: event.slug,
  };
}

/** Onboarding through the API and the fake's hosted page, without the UI (tested in its own journey). */
async function connectThroughApi(request: APIRequestContext, organiser: Organiser) {
  const started = await request.post('/api/payments/stripe/onboarding', {
    headers: {
      authorization: `Bearer ${organiser.accessToken}`,
      'x-organization-id': organiser.organizationId,
    },
  });
  expect(started.status()).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const completed = await request.post(`${url}/complete`, { maxRedirects: 0 });
  expect(completed.status()).toBe(303);
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/** "N left" on the public page's ticket type. */
async function placesLeft(page: Page, organiser: Organiser): Promise<number> {
  await page.goto(`/e/${organiser.orgSlug}/${organiser.eventSlug}`);
  const text = await page
    .getByRole('article', { name: 'Standard' })
    .getByText(/\d+ left/)
    .textContent();
  // "8 left · at most 4 per order": the first number.
  return Number(/(\d+) left/.exec(text ?? '')?.[1]);
}

/** A buyer pays two tickets by card on the fake Stripe Checkout page and lands on the order page. */
async function buyByCard(page: Page, organiser: Organiser) {
  await page.goto(`/e/${organiser.orgSlug}/${organiser.eventSlug}`);
  const row = page.getByRole('article', { name: 'Standard' });
  for (let index = 0; index < 2; index++) {
    await row.getByRole('button', { name: 'One ticket more: Standard' }).click();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Full name' }).fill('Carla Card');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(uniqueEmail('card-buyer'));
  await expect(page.getByRole('radio', { name: 'Pay by card' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to payment (€50.00)' }).click();

  // Stripe's hosted page (the fake): the amount, then Pay.
  await expect(page.getByRole('heading', { name: /Pay 5000 EUR/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/firebase\?order=[0-9A-Z]{16}$/);
}

test('an administrator connects Stripe through the onboarding and sees the account’s state', async ({
  page,
  request,
}) => {
  const organiser = await organiserWithEvent(request, 10);
  await signIn(page, organiser.email, organiser.password);
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible({ timeout: 30_000 });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Payment providers' });
  await expect(section.getByText('Stripe is not connected yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Connect Stripe' }).click();

  // Stripe's hosted onboarding (the fake), then back to the return page.
  await expect(page.getByRole('heading', { name: 'Set up payouts' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/checkout\/account$/);
  await expect(page.getByRole('heading', { name: 'Payment account', level: 1 })).toBeVisible();
  for (const fact of ['Details submitted', 'Card payments enabled', 'Payouts enabled']) {
    await expect(page.getByRole('term').filter({ hasText: fact })).toBeVisible();
  }
  await expect(page.getByText('Yes')).toHaveCount(3);
  await expect(page.getByText('Buyers can pay by card on your events’ pages.')).toBeVisible();
  await expectAccessible(page);

  // The settings say so too, and the public page now offers card payment.
  await page.goto('/settings');
  await expect(section.getByText('Buyers can pay by card.')).toBeVisible();
  await page.goto(`/e/${organiser.orgSlug}/${organiser.eventSlug}`);
  await page
    .getByRole('article', { name: 'Standard' })
    .getByRole('button', { name: 'One ticket more: Standard' })
    .click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('radio', { name: 'Pay by card' })).toBeVisible();
});

test('a buyer pays by card through Stripe Checkout and sees the paid order with its QR codes', async ({
  page,
  request,
}) => {
  const organiser = await organiserWithEvent(request, 10);
  await connectThroughApi(request, organiser);
  await buyByCard(page, organiser);
  await expect(page.getByText('Confirmed')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of ticket 1' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of ticket 2' })).toBeVisible();
  expect(await placesLeft(page, organiser)).toBe(8);
});

test('a buyer who cancels on Stripe’s page comes back to the reservation, with the time left and the way back to pay', async ({
  page,
  request,
}) => {
  const organiser = await organiserWithEvent(request, 10);
  await connectThroughApi(request, organiser);
  await page.goto(`/e/${organiser.orgSlug}/${organiser.eventSlug}`);
  await page
    .getByRole('article', { name: 'Standard' })
    .getByRole('button', { name: 'One ticket more: Standard' })
    .click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Full name' }).fill('Carl Cancel');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(uniqueEmail('card-cancel'));
  await expect(page.getByRole('radio', { name: 'Pay by card' })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue to payment (€25.00)' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/checkout\/firebase\?order=/);
  await expect(page.getByText('Reserved', { exact: true })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/Time left to pay: (10:00|9:\d\d)/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Confirmed')).toBeVisible();
});

test('staff refund one ticket of a card order and the public page shows one more place left', async ({
  page,
  request,
}) => {
  const organiser = await organiserWithEvent(request, 10);
  await connectThroughApi(request, organiser);
  await buyByCard(page, organiser);
  await expect(page.getByText('Confirmed')).toBeVisible();
  const code = new URL(page.url()).searchParams.get('order') ?? '';
  expect(await placesLeft(page, organiser)).toBe(8);

  await signIn(page, organiser.email, organiser.password);
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible({ timeout: 30_000 });
  await page.goto(`/events/${organiser.eventId}`);
  await page.getByRole('button', { name: `Open order ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${code}` });
  await expect(dialog.getByText('Card (Stripe) · €50.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: `Refund order ${code}` });
  await refund.getByRole('checkbox').first().check();
  await expect(refund.getByRole('textbox', { name: 'Amount to refund (EUR)' })).toHaveValue('25.00');
  await refund.getByRole('button', { name: 'Refund €25.00' }).click();
  await expect(refund).toBeHidden();
  await expect(dialog.getByText('Refunded · €25.00 · 1 ticket')).toBeVisible();
  await expect(dialog.getByText('Done')).toBeVisible();

  expect(await placesLeft(page, organiser)).toBe(9);
});
