import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

test('a newly deployed build is offered as a reload', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();
  // The server now reports another build than the one running in the page.
  await page.route('**/build.json*', (route) => route.fulfill({ json: { buildId: 'a-newer-build' } }));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByText('A new version of Guichet is available')).toBeVisible();
  await page.unroute('**/build.json*');
  await page.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(page.getByText('A new version of Guichet is available')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();
});
