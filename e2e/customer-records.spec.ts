import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support';

async function noSeriousViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test('a customer manager imports members from CSV with a dry run, merges two records, unmerges, and erases a person', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const first = `ines-${stamp}@example.com`;
  const second = `i.marchetti-${stamp}@work.example`;
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();

  // A list, then three members imported from a semicolon CSV (one row refused in the dry run).
  const listName = `Imported ${stamp}`;
  await page.goto('/customers/list');
  await page.getByRole('button', { name: 'New member list' }).click();
  const create = page.getByRole('dialog', { name: 'Create a member list' });
  await create.getByRole('textbox', { name: 'Name' }).fill(listName);
  await create.getByRole('button', { name: 'Create list' }).click();
  await expect(create).toBeHidden();
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import members from a CSV file' });
  const csv = [
    'E-mail;Name;Tags',
    `${first};Inès Marchetti;press`,
    `${second};I. Marchetti;`,
    `third-${stamp}@example.com;Third Person;`,
    'not-an-address;Nobody;',
  ].join('\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByRole('table', { name: 'First rows of the file' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'E-mail' })).toHaveValue('0');
  await noSeriousViolation(page);
  await dialog.getByRole('button', { name: 'Dry run' }).click();
  await expect(dialog.getByText(/Dry run: 4 rows, 3 new, 0 already known, 1 refused/)).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Refused rows' })).toContainText('Not an e-mail address');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('4 rows: 3 new, 0 updated, 1 refused.')).toBeVisible();
  await noSeriousViolation(page);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByText('3 members', { exact: true }).first()).toBeVisible();

  // The first record takes the second in with the merge picker.
  await page.goto(`/customers?q=${encodeURIComponent(first)}`);
  await page.getByRole('link', { name: 'Inès Marchetti' }).click();
  await expect(page.getByRole('heading', { name: 'Inès Marchetti', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Merge a duplicate' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge another record into this one' });
  await merge.getByPlaceholder('Search by name or e-mail').fill(second);
  await page.getByRole('option', { name: new RegExp(second.replace(/[.]/g, '\\.')) }).click();
  await noSeriousViolation(page);
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(merge).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Merged records' })).toBeVisible();
  await page.getByRole('button', { name: 'Unmerge' }).click();
  await expect(page.getByText(/^Unmerged on /)).toBeVisible();

  // Erasure asks for the e-mail typed again, then leaves for the list.
  await page.getByRole('button', { name: 'Erase this person' }).click();
  const erase = page.getByRole('dialog', { name: 'Erase this person' });
  await noSeriousViolation(page);
  const submit = erase.getByRole('button', { name: 'Erase for good' });
  await expect(submit).toBeDisabled();
  await erase.getByRole('textbox', { name: `Type ${first} to confirm` }).fill(first);
  await submit.click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.goto(`/customers?q=${encodeURIComponent(first)}`);
  await expect(page.getByRole('link', { name: 'Inès Marchetti' })).toHaveCount(0);
});
