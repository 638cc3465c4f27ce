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

test('finance staff see VAT by rate, download the journal and an invoice PDF from the documents', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const admin = await apiSignUp(request, 'Vera VAT');
  const organization = await apiCreateOrganization(request, admin.accessToken, `Invoices ${suffix}`);
  const adminHeaders = { authorization: `Bearer ${admin.accessToken}`, 'x-organization-id': organization.id };
  await call(
    request,
    'PUT',
    '/api/finances/vat-settings',
    adminHeaders,
    { registered: true, vatNumber: 'FR40123456789', ratesBp: [2000, 550], defaultRateBp: 2000 },
    200,
  );
  const { eventId, ticketTypeId } = await apiEventWithTicketType(
    request,
    adminHeaders,
    { name: `Quayside concert ${suffix}` },
    { name: 'Concert', priceMinor: 2110, vatRateBp: 550 },
  );
  const order = await call<{ id: string; code: string }>(
    request,
    'POST',
    `/api/events/${eventId}/orders`,
    adminHeaders,
    {
      buyer: { name: 'Bruno Buyer', email: uniqueEmail('buyer') },
      lines: [{ ticketTypeId, quantity: 1 }],
      payment: 'paid',
      sendEmail: false,
    },
    201,
  );
  // The buyer asks for an invoice from their order page (the order's code is the credential).
  const invoice = await call<{ reference: string }>(
    request,
    'POST',
    `/api/public/orders/${order.code}/invoice`,
    {},
    { billing: { name: 'Acme SARL', vatNumber: 'FR12345678901' } },
    201,
  );

  // A FINANCE-only member, invited and signed up through the API.
  const { email, password } = await apiStaffMember(request, adminHeaders, ['FINANCE'], 'Fiona Finance');

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/finances/);
  // VAT by rate of the period: €21.10 at 5.5 % includes €1.10.
  const vat = page.getByRole('table', { name: 'VAT by rate in EUR' });
  await expect(vat).toContainText('5.5%');
  await expect(vat).toContainText('€1.10');
  await expect(vat).toContainText('€20.00');

  const [journal] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the journal (CSV)' }).click(),
  ]);
  expect((await readFile((await journal.path()) ?? '', 'utf8')).startsWith('\uFEFF')).toBe(true);

  await page.getByRole('tab', { name: 'Documents' }).click();
  const documents = page.getByRole('table', { name: 'Receipts, invoices and credit notes' });
  await expect(documents).toContainText('Acme SARL');
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: `Download ${invoice.reference} (PDF)` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`${invoice.reference}.pdf`);
  expect((await readFile((await pdf.path()) ?? '')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
