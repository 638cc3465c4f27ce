import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, call, latestMailTo, signIn, uniqueEmail } from './support';

/** Invites `email` with `permissions` into the organisation and signs them up and in through the API. */
async function member(
  request: APIRequestContext,
  adminHeaders: Record<string, string>,
  permissions: string[],
) {
  const email = uniqueEmail('finance');
  const password = 'e2e-password';
  await call(request, 'POST', '/api/teams/invitations', adminHeaders, { email, permissions }, 201);
  const token = /\/invitations\/accept\?token=([\w-]+)/.exec((await latestMailTo(request, email)).text)?.[1];
  expect(token).toBeTruthy();
  const person = await call<{ accessToken: string }>(
    request,
    'POST',
    '/api/auth/sign-up',
    {},
    { email, password, displayName: `Staff ${permissions.join(' ')}` },
    201,
  );
  await call(
    request,
    'POST',
    `/api/invitations/${token}/accept`,
    { authorization: `Bearer ${person.accessToken}` },
    undefined,
    200,
  );
  return { email, password };
}

test('finance staff find the revenue of an order on /finances and follow it to the order; event staff are kept out', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const admin = await apiSignUp(request, 'Ada Admin');
  const organization = await apiCreateOrganization(request, admin.accessToken, `Money ${suffix}`);
  const adminHeaders = { authorization: `Bearer ${admin.accessToken}`, 'x-organization-id': organization.id };
  const start = Date.now() + 10 * 24 * 60 * 60 * 1000;
  const event = await call<{ id: string }>(
    request,
    'POST',
    '/api/events',
    adminHeaders,
    {
      name: `Harbour gala ${suffix}`,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3 * 60 * 60 * 1000).toISOString(),
      timeZone: 'Europe/Paris',
      locationType: 'venue',
      venueName: 'Dock 7',
      venueAddress: 'Quai de la Fosse, Nantes',
    },
    201,
  );
  const detail = await call<{ ticketTypes: { id: string }[] }>(
    request,
    'POST',
    `/api/events/${event.id}/ticket-types`,
    adminHeaders,
    { name: 'Standard', priceMinor: 3250, capacity: 50 },
    201,
  );
  const order = await call<{ id: string; code: string }>(
    request,
    'POST',
    `/api/events/${event.id}/orders`,
    adminHeaders,
    {
      buyer: { name: 'Bruno Buyer', email: uniqueEmail('buyer') },
      lines: [{ ticketTypeId: detail.ticketTypes[0]?.id, quantity: 2 }],
      payment: 'paid',
      sendEmail: false,
    },
    201,
  );
  const finance = await member(request, adminHeaders, ['FINANCE']);
  const eventsOnly = await member(request, adminHeaders, ['EVENT']);

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
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);

  // EVENT only: the page is not theirs, and the API refuses them too.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, eventsOnly.email, eventsOnly.password);
  await expect(page).not.toHaveURL(/\/connection/);
  await page.goto('/finances');
  await expect(page).not.toHaveURL(/\/finances/);
  await expect(page.getByRole('heading', { name: 'Finances', level: 1 })).toBeHidden();
});
