import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, uniqueEmail } from './support';

async function noSeriousViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test('a customer manager finds a customer, edits them, notes on the timeline, and makes a member list of three', async ({
  page,
}) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();

  // The demo customers, searched by name; the search stays in the address.
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Camille Laurent' })).toBeVisible();
  await noSeriousViolation(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Amira');
  await expect(page.getByText('1 customer shown')).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=Amira/);
  await page.reload();
  await expect(page.getByText('1 customer shown')).toBeVisible();

  // Her page: totals, the timeline with her orders, an edit and a note.
  await page.getByRole('link', { name: 'Amira Haddad' }).click();
  await expect(page.getByRole('heading', { name: 'Amira Haddad', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Order [A-Z0-9]+ · / }).first()).toBeVisible();
  await noSeriousViolation(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the customer' });
  await edit.getByRole('textbox', { name: 'Phone' }).fill('+33 6 98 76 54 32');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('+33 6 98 76 54 32')).toBeVisible();
  await page.getByRole('textbox', { name: 'New note' }).fill('Asked about wheelchair access.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Asked about wheelchair access.')).toBeVisible();

  // A member list made in the modal, with three people added by hand.
  const listName = `Patrons ${Date.now().toString(36)}`;
  await page.goto('/customers/list');
  await page.getByRole('button', { name: 'New member list' }).click();
  const create = page.getByRole('dialog', { name: 'Create a member list' });
  await create.getByRole('textbox', { name: 'Name' }).fill(listName);
  await create.getByRole('button', { name: 'Create list' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole('heading', { name: listName, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Add members' }).click();
  const add = page.getByRole('dialog', { name: 'Add members' });
  const people = [uniqueEmail('patron'), uniqueEmail('patron'), 'amira.haddad@example.com'];
  await add
    .getByRole('textbox', { name: 'People' })
    .fill(`${people[0]}, Pat One\n${people[1]}\n${people[2]}`);
  await expect(add.getByText('3 people to add')).toBeVisible();
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('3 members', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Dana Demo added Amira Haddad/)).toBeVisible();
  await noSeriousViolation(page);
});
