import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  apiCreateOrganization,
  apiEventWithTicketType,
  apiSignUp,
  call,
  signIn,
  uniqueEmail,
} from './support';

test('the dashboard shows the period’s figures and moves within 2 s of a sale, without reloading', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const admin = await apiSignUp(request, 'Dora Dashboard');
  const organization = await apiCreateOrganization(request, admin.accessToken, `Figures ${suffix}`);
  const headers = { authorization: `Bearer ${admin.accessToken}`, 'x-organization-id': organization.id };
  const { eventId, ticketTypeId } = await apiEventWithTicketType(
    request,
    headers,
    { name: `Quay concert ${suffix}` },
    { name: 'Standard', priceMinor: 2000 },
  );
  // Every new event starts with an entrance list; without it the event needs attention, as this page says.
  const { items: lists } = await call<{ items: { id: string }[] }>(
    request,
    'GET',
    `/api/events/${eventId}/checkin-lists`,
    headers,
    undefined,
    200,
  );
  for (const list of lists) {
    expect((await request.delete(`/api/checkin-lists/${list.id}`, { headers })).status()).toBe(204);
  }
  await call(request, 'POST', `/api/events/${eventId}/publish`, headers, undefined, 200);
  const sell = (quantity: number) =>
    call(
      request,
      'POST',
      `/api/events/${eventId}/orders`,
      headers,
      {
        buyer: { name: 'Bruno Buyer', email: uniqueEmail('buyer') },
        lines: [{ ticketTypeId, quantity }],
        payment: 'paid',
        sendEmail: false,
      },
      201,
    );
  await sell(2);

  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Dora Dashboard' })).toBeVisible();
  const gross = page.getByRole('link', { name: /^Revenue \(gross\): €40\.00/ });
  await expect(gross).toBeVisible();
  await expect(page.getByRole('link', { name: /^Tickets sold: 2\./ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Sales in EUR/ })).toBeVisible();
  await expect(
    page.getByRole('link', { name: `Quay concert ${suffix} has no check-in list yet` }),
  ).toBeVisible();
  await expect(page.getByText('2 of 50 tickets sold')).toBeVisible();
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);

  // A sale made elsewhere shows within 2 s, on the same page.
  const sold = Date.now();
  await sell(1);
  await expect(page.getByRole('link', { name: /^Revenue \(gross\): €60\.00/ })).toBeVisible({
    timeout: 2_000,
  });
  expect(Date.now() - sold).toBeLessThan(2_500);
  await expect(page.getByRole('link', { name: /^Tickets sold: 3\./ })).toBeVisible();

  // The figure leads to the rows behind it.
  await page.getByRole('link', { name: /^Revenue \(gross\): €60\.00/ }).click();
  await expect(page).toHaveURL(/\/finances\?period=custom/);

  // On a phone the cards stack and stay readable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goBack();
  await expect(page.getByRole('link', { name: /^Revenue \(gross\): €60\.00/ })).toBeVisible();
});
