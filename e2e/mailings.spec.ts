import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support';

/**
 * Axe on the page itself: the preview's sandboxed frames run no script, so axe could not enter them (it
 * would wait for them until its timeout); what they show is the organiser's sanitised mail, not the app.
 */
async function noSeriousViolation(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode().options({ iframes: false }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test('a customer manager reads the demo mailing’s progress, writes a mailing, previews it, tests it and sends it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();

  // The demo's mailings: one sent to the members' list, one draft.
  await page.goto('/customers/mailings');
  await expect(page.getByRole('heading', { name: 'Mailings', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Members’ preview: the autumn season' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'This month at Demo Events' })).toBeVisible();
  await noSeriousViolation(page);

  // The sent one: its progress and each recipient's status.
  await page.getByRole('link', { name: 'Members’ preview: the autumn season' }).click();
  await expect(
    page.getByRole('heading', { name: 'Members’ preview: the autumn season', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('3 of 3 handled')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Skipped: no consent' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sent', exact: true })).toHaveCount(2);
  await noSeriousViolation(page);

  // A new mailing to the members' list.
  await page.goto('/customers/mailings/new');
  await expect(page.getByRole('heading', { name: 'New mailing', level: 1 })).toBeVisible();
  const subject = `Winter gala ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).fill('Tickets for the winter gala open on Friday.');
  await noSeriousViolation(page);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expect(page.getByText('Draft')).toBeVisible();

  // The preview in both languages, the footer included.
  const preview = page.frameLocator('iframe[title="Preview (English)"]');
  await expect(preview.getByText('Tickets for the winter gala open on Friday.')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
  await page.getByRole('tab', { name: 'French' }).click();
  await expect(
    page.frameLocator('iframe[title="Preview (French)"]').getByRole('link', { name: 'Se désinscrire' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText(`Test sent to ${DEMO.email}`)).toBeVisible();

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send' });
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(confirm).toBeHidden();
  // The lane sends it within seconds: the members who consented receive it, the other is skipped.
  await expect(page.getByText('3 of 3 handled')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Pause' })).toBeHidden();
  await noSeriousViolation(page);
});
