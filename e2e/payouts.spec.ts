import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('finance staff explain a flagged payout: an adjustment with its reason, then a suggested match', async ({
  page,
}) => {
  await signIn(page, 'demo@guichet.example', 'guichet-demo');
  await expect(page).not.toHaveURL(/\/connection/);
  await page.goto('/finances');
  await page.getByRole('link', { name: 'Payouts and reconciliation' }).click();
  await expect(page).toHaveURL(/\/finances\/payouts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();

  // The demo's flagged payout (a climate contribution of a type Guichet does not know, and a charge of no
  // order here) waits in the inbox: 43.75 € = 41.12 € − 0.37 €.
  await page.getByRole('button', { name: /Open payout po_demo_flagged/ }).click();
  const payout = page.getByRole('dialog');
  await expect(payout.getByText('contribution (unknown type)')).toBeVisible();
  await expect(payout.getByText('A transaction of a type Guichet does not know')).toBeVisible();
  await expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Record an adjustment' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Amount (EUR)').fill('0,37');
  await form.getByLabel('Reason').fill('Stripe climate contribution');
  await form.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Adjustment recorded.')).toBeVisible();

  await page.getByRole('button', { name: /Open payout po_demo_flagged/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Match with -€0\.37/ })
    .click();
  await expect(page.getByText('Matched.')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Matched by hand')).toBeVisible();
  // The charge of no order here still keeps the payout in the inbox.
  await expect(page.getByRole('dialog').getByText('Some transactions are not matched')).toBeVisible();
});
