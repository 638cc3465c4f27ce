import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, uniqueEmail } from './support';

/** "12 of 120 sold or held" on a ticket type of the event page, as a number. */
async function usedOf(page: Page, ticketType: string): Promise<number> {
  const text = await page
    .getByRole('listitem', { name: ticketType })
    .getByText(/ of \d+ sold or held/)
    .textContent();
  return Number((text ?? '').split(' ')[0]?.replace(/\D/g, ''));
}

test('staff sell two tickets at the box office, rename an attendee, cancel the order and get the seats back', async ({
  page,
}) => {
  const buyer = `Walk-in ${Date.now().toString(36)}`;
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();

  await page.goto('/events?q=Jazz');
  await page.getByRole('link', { name: 'Jazz on the Seine' }).click();
  await expect(page.getByRole('heading', { name: 'Jazz on the Seine', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
  const before = await usedOf(page, 'Standard');

  // Box office: two paid tickets, one named.
  await page.getByRole('button', { name: 'New order' }).click();
  const form = page.getByRole('dialog', { name: 'New box-office order' });
  await form.getByRole('textbox', { name: 'Quantity of Standard' }).fill('2');
  await form.getByRole('textbox', { name: 'Standard, ticket 1' }).fill('Ann Walker');
  await form.getByRole('textbox', { name: 'Buyer name' }).fill(buyer);
  await form.getByRole('textbox', { name: 'Buyer e-mail' }).fill(uniqueEmail('walk-in'));
  await form.getByRole('checkbox', { name: 'E-mail the tickets to the buyer' }).uncheck();
  await expect(form.getByText('Total: €50.00')).toBeVisible();
  await form.getByRole('button', { name: 'Create the order' }).click();
  await expect(form).toBeHidden();

  // Its detail opens, with its address in the URL.
  const drawer = page.getByRole('dialog', { name: /^Order [A-Z0-9]+$/ });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/[?&]order=[0-9a-f-]{36}/);
  await expect(drawer.getByText(buyer)).toBeVisible();
  await expect(drawer.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(drawer.getByText('Ann Walker')).toBeVisible();
  expect(await usedOf(page, 'Standard')).toBe(before + 2);

  // Rename the second ticket's attendee.
  await drawer.getByRole('button', { name: 'Edit the attendee name of ticket 2' }).click();
  await drawer.getByRole('textbox', { name: 'Attendee name of ticket 2' }).fill('Zoé Martin');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('Zoé Martin', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Attendee name changed')).toBeVisible();

  // A reload keeps the order open.
  await page.reload();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Zoé Martin', { exact: true })).toBeVisible();

  // Cancel: the status changes and the seats come back.
  await drawer.getByRole('button', { name: 'Cancel the order' }).click();
  const confirm = page.getByRole('dialog', { name: /^Cancel order [A-Z0-9]+\?$/ });
  await expect(confirm.getByText('their places are freed for sale again')).toBeVisible();
  await confirm.getByRole('textbox', { name: 'Reason (optional)' }).fill('Changed plans');
  await confirm.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(confirm).toBeHidden();
  await expect(drawer.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(drawer.getByText('Changed plans')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close the order' }).click();
  await expect(drawer).toBeHidden();

  // The list finds it by buyer, cancelled; the ticket type's figures are back where they were.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(buyer);
  await expect(page.getByText('1 order shown')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: buyer });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Cancelled')).toBeVisible();
  await expect.poll(() => usedOf(page, 'Standard')).toBe(before);
  // The search is kept in the address: a reload shows the same filtered list.
  await expect(page).toHaveURL(/orders\.q=/);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(buyer);
  await expect(page.getByText('1 order shown')).toBeVisible();

  // The CSV export of the filtered list: a byte order mark, a header, the order.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines[0]).toMatch(/^Order code,Status,Buyer name,Buyer e-mail,Tickets,Total,Currency,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`Cancelled,${buyer},`);
  // A cancelled order keeps its total but counts no valid ticket.
  expect(lines[1]).toMatch(/,\d+,50\.00,EUR,Box office,Box office,/);
});
