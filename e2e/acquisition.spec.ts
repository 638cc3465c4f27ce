import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, call, signIn, uniqueEmail } from './support';

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target} ${n.failureSummary}`).join('; ')}`),
  ).toEqual([]);
}

/**
 * An organiser makes a tracking link, a buyer comes through its short address and buys, and the funnel
 * shows the visit, the checkout and the paid order under the link's channel; the CSV says the same.
 */
test('a tracking link brings a buyer, and the funnel shows it', async ({ page, request, browser }) => {
  const suffix = Date.now().toString(36);
  const admin = await apiSignUp(request, 'Ada Admin');
  const organization = await apiCreateOrganization(request, admin.accessToken, `Posters ${suffix}`);
  const headers = { authorization: `Bearer ${admin.accessToken}`, 'x-organization-id': organization.id };
  const start = Date.now() + 10 * 24 * 60 * 60 * 1000;
  const event = await call<{ id: string; name: string }>(
    request,
    'POST',
    '/api/events',
    headers,
    {
      name: `Library concert ${suffix}`,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 2 * 60 * 60 * 1000).toISOString(),
      timeZone: 'Europe/Paris',
      locationType: 'venue',
      venueName: 'Médiathèque',
      venueAddress: 'Place de la Mairie, Nantes',
    },
    201,
  );
  await call(
    request,
    'POST',
    `/api/events/${event.id}/ticket-types`,
    headers,
    { name: 'Free entry', priceMinor: 0, capacity: 50 },
    201,
  );
  await call(request, 'POST', `/api/events/${event.id}/publish`, headers, undefined, 200);

  // The organiser makes a link on /acquisition.
  await signIn(page, admin.email, admin.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/connection'));
  await page.goto(`/acquisition?event=${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Acquisition' })).toBeVisible();
  await expect(page.getByText('No tracking links yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'New link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tracking link' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Poster at the library');
  await dialog.getByRole('combobox', { name: 'Channel' }).fill('poster');
  await dialog.getByRole('textbox', { name: 'UTM campaign' }).fill('spring');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Poster at the library/ });
  await expect(row).toBeVisible();
  const shortUrl = (await row.getByRole('link').textContent()) ?? '';
  expect(shortUrl).toMatch(/\/t\/[0-9a-z]{8}$/);

  // A buyer scans the poster: the short address leads to the event page, which records the visit.
  const buyer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const buyerPage = await buyer.newPage();
  const visited = buyerPage.waitForResponse((response) => response.url().endsWith('/api/public/visits'));
  await buyerPage.goto(`http://${shortUrl}`);
  await expect(buyerPage).toHaveURL(/\/e\/.+\?l=[0-9a-z]{8}&utm_campaign=spring$/);
  expect((await visited).status()).toBe(204);
  await expect(buyerPage.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  const visitorId = await buyerPage.evaluate(
    () => (JSON.parse(localStorage.getItem('guichet.visitor') ?? '{}') as { id?: string }).id,
  );
  expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
  const cookies = await buyer.cookies();
  expect(cookies).toEqual([]);

  // The buyer goes on to checkout (recorded) and orders through the page.
  const started = buyerPage.waitForResponse((response) => response.url().endsWith('/api/public/visits'));
  await buyerPage
    .getByRole('article', { name: 'Free entry' })
    .getByRole('button', { name: 'One ticket more: Free entry' })
    .click();
  await buyerPage.getByRole('button', { name: 'Continue' }).click();
  expect((await started).status()).toBe(204);
  await buyerPage.getByRole('textbox', { name: 'Full name' }).fill('Bea Buyer');
  await buyerPage.getByRole('textbox', { name: 'E-mail address' }).fill(uniqueEmail('buyer'));
  await buyerPage.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(buyerPage).toHaveURL(/\/checkout\/firebase\?order=/);
  await buyer.close();

  // The funnel shows the poster's visit, checkout and paid order.
  await page.reload();
  const funnelRow = page.getByRole('row', { name: /Posters/ }).first();
  await expect(funnelRow).toBeVisible();
  await expect(funnelRow.getByRole('cell')).toHaveText(['1', '1', '1', '€0.00', '100%', '100%', '100%']);
  await expect(page.getByRole('img', { name: /Funnel of the period/ })).toBeVisible();
  await expectNoSeriousViolations(page);

  // The CSV says the same.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain('poster,,1,1,1,EUR,0.00,100,100,100');

  // On a phone: cards instead of tables, still without serious violations.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('listitem').filter({ hasText: 'Poster at the library' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
