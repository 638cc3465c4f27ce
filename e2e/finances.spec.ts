import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  apiCreateOrganization,
  apiEventWithTicketType,
  apiSignUp,
  apiStaffMember,
  call,
  signIn,
  uniqueEmail,
} from './support';

test('finance staff find the revenue of an order on /finances and follow it to the order; event staff are kept out', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const admin = await apiSignUp(request, 'Ada Admin');
  const organization = await apiCreateOrganization(request, admin.accessToken, `Money ${suffix}`);
  const adminHeaders = { authorization: `Bearer ${admin.accessToken}`, 'x-organization-id': organization.id };
  const { eventId, ticketTypeId } = await apiEventWithTicketType(
    request,
    adminHeaders,
    { name: `Harbour gala ${suffix}` },
    { name: 'Standard', priceMinor: 3250 },
  );
  const order = await call<{ id: string; code: string }>(
    request,
    'POST',
    `/api/events/${eventId}/orders`,
    adminHeaders,
    {
      buyer: { name: 'Bruno Buyer', email: uniqueEmail('buyer') },
      lines: [{ ticketTypeId, quantity: 2 }],
      payment: 'paid',
      sendEmail: false,
    },
    201,
  );
  const finance = await apiStaffMember(request, adminHeaders, ['FINANCE'], 'Fiona Finance');
  const eventsOnly = await apiStaffMember(request, adminHeaders, ['EVENT'], 'Eve Events');

  // FINANCE only: lands on /finances (the first page it may open) and sees the sale.
  await signIn(page, finance.email, finance.password);
  await expect(page).toHaveURL(/\/finances/);
  await expect(page.getByRole('heading', { name: 'Finances', level: 1 })).toBeVisible();
  const block = page.getByRole('region', { name: 'In EUR' });
  await expect(block.getByRole('button', { name: /^Gross sales: €65\.00/ })).toBeVisible();
  await expect(block.getByRole('button', { name: /^Net: €65\.00/ })).toBeVisible();
  await expect(block.getByRole('img', { name: /Sales and refunds per day/ })).toBeVisible();
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);

  // The rows behind the gross figure, then the order behind the row.
  await block.getByRole('button', { name: /^Gross sales/ }).click();
  const rows = page.getByRole('dialog', { name: 'Gross sales · EUR' });
  await expect(rows.getByText('Bruno Buyer')).toBeVisible();
  await rows.getByRole('button', { name: `Order ${order.code}` }).click();
  const orderDialog = page.getByRole('dialog', { name: `Order ${order.code}` });
  await expect(orderDialog.getByRole('table', { name: 'Net' })).toContainText('€65.00');
  await expect(orderDialog.getByText('Box office payment')).toBeVisible();
  await orderDialog.getByRole('button', { name: 'Issue the receipt' }).click();
  await expect(orderDialog.getByRole('status')).toContainText('Receipt R-000001');
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(orderDialog).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(rows).toBeHidden();

  // The accountant's journal of the period: balanced.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the journal (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^journal-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const journal = await readFile((await download.path()) ?? '', 'utf8');
  expect(journal.split('\r\n').filter((line) => line.includes('65.00'))).toHaveLength(4);

  // EVENT only: the page is not theirs, and the API refuses them too.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, eventsOnly.email, eventsOnly.password);
  await expect(page).not.toHaveURL(/\/connection/);
  await page.goto('/finances');
  await expect(page).not.toHaveURL(/\/finances/);
  await expect(page.getByRole('heading', { name: 'Finances', level: 1 })).toBeHidden();
});
