import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { apiCreateOrganization, apiSignUp, latestMailTo, signIn, uniqueEmail } from './support';

interface Shop {
  admin: Awaited<ReturnType<typeof apiSignUp>>;
  orgSlug: string;
  eventId: string;
  eventSlug: string;
  eventName: string;
  headers: Record<string, string>;
}

/** An organisation of its own with a published event and one ticket type, built through the staff API. */
async function openShop(request: APIRequestContext, ticketType: { name: string; priceMinor: number }) {
  const admin = await apiSignUp(request, 'Tina Tickets');
  const organization = (await apiCreateOrganization(
    request,
    admin.accessToken,
    `Tickets Co ${Date.now().toString(36)}`,
  )) as unknown as { id: string; slug: string };
  const headers = { authorization: `Bearer ${admin.accessToken}`, 'x-organization-id': organization.id };
  const start = Date.now() + 20 * 24 * 3600 * 1000;
  const eventName = `Quiet Quartet ${Date.now().toString(36)}`;
  const created = await request.post('/api/events', {
    headers,
    data: {
      name: eventName,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 2 * 3600 * 1000).toISOString(),
      timeZone: 'Europe/Paris',
      venueName: 'Salle Cortot',
      venueAddress: '78 rue Cardinet, 75017 Paris',
    },
  });
  expect(created.status()).toBe(201);
  const event = (await created.json()) as { id: string; slug: string };
  const type = await request.post(`/api/events/${event.id}/ticket-types`, {
    headers,
    data: { ...ticketType, capacity: 40, maxPerOrder: 4 },
  });
  expect(type.status()).toBe(201);
  expect((await request.post(`/api/events/${event.id}/publish`, { headers })).status()).toBe(200);
  return {
    admin,
    orgSlug: organization.slug,
    eventId: event.id,
    eventSlug: event.slug,
    eventName,
    headers,
  } satisfies Shop;
}

async function pdfPages(download: Download): Promise<number> {
  const path = await download.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await PDFDocument.load(bytes)).getPageCount();
}

/** No serious accessibility violation on the page, or in the part of it `within` selects. */
async function expectAccessible(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

async function chooseTickets(page: Page, ticketType: string, count: number) {
  const row = page.getByRole('article', { name: ticketType });
  for (let index = 0; index < count; index++) {
    await row.getByRole('button', { name: `One ticket more: ${ticketType}` }).click();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your details', level: 2 })).toBeFocused();
}

test('an organiser asks for attendee names; a buyer gives them, gets the PDF by mail and from the ticket page', async ({
  browser,
  page,
  request,
}) => {
  // A long journey: organiser, buyer, mailbox and ticket page, with two PDF downloads.
  test.slow();
  const shop = await openShop(request, { name: 'Chamber seat', priceMinor: 0 });

  // The organiser turns the option on in the event editor.
  await signIn(page, shop.admin.email, shop.admin.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Tina Tickets' })).toBeVisible();
  await page.goto(`/events/${shop.eventId}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Ask for each attendee’s name' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`“${shop.eventName}” is saved.`)).toBeVisible();

  // A buyer on a phone, without an account.
  const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/e/${shop.orgSlug}/${shop.eventSlug}`);
  await chooseTickets(buyer, 'Chamber seat', 2);
  await expect(
    buyer.getByText('The organiser asks for the name of the person who will use each ticket.'),
  ).toBeVisible();
  const email = uniqueEmail('named');
  await buyer.getByRole('textbox', { name: 'Full name' }).fill('Nina Named');
  await buyer.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await buyer.getByRole('textbox', { name: 'Chamber seat, ticket 1' }).fill('Ada Lovelace');
  await buyer.getByRole('button', { name: 'Get my tickets' }).click();
  // The second name is missing: said next to its field, and nothing is sent.
  await expect(buyer.getByText('Enter the name of this ticket’s attendee.')).toBeVisible();
  await expect(buyer.getByRole('textbox', { name: 'Chamber seat, ticket 2' })).toBeFocused();
  await expectAccessible(buyer);
  await buyer.getByRole('textbox', { name: 'Chamber seat, ticket 2' }).fill('Alan Turing');
  await buyer.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(buyer.getByText('Confirmed')).toBeVisible();
  const code = new URL(buyer.url()).searchParams.get('order') ?? '';
  expect(code).toMatch(/^[0-9A-Z]{16}$/);
  await buyerContext.close();

  // The development mailbox shows the tickets' mail with its PDF attached.
  const mail = await latestMailTo(request, email);
  expect(mail.subject).toBe(`Your tickets for ${shop.eventName}`);
  const reader = await browser.newContext();
  const mailbox = await reader.newPage();
  await mailbox.goto('/dev/mailbox');
  const article = mailbox.getByRole('article').filter({ hasText: email });
  const attachment = article.getByRole('link', { name: `tickets-${code}.pdf` });
  await expect(attachment).toBeVisible();
  const [fromMailbox] = await Promise.all([mailbox.waitForEvent('download'), attachment.click()]);
  expect(fromMailbox.suggestedFilename()).toBe(`tickets-${code}.pdf`);
  expect(await pdfPages(fromMailbox)).toBe(2);

  // The link in the mail opens the ticket page, with the PDF to download and each ticket large.
  const link = mail.text.match(/https?:\/\/\S+\/checkout\/firebase\?order=[0-9A-Z]+/)?.[0];
  expect(link).toBeTruthy();
  await mailbox.goto(link ?? '');
  const tickets = mailbox;
  await expect(tickets.getByRole('heading', { name: 'Your tickets', level: 2 })).toBeVisible();
  await expect(tickets.getByText('Ada Lovelace')).toBeVisible();
  await expect(tickets.getByText('Alan Turing')).toBeVisible();
  const [fromPage] = await Promise.all([
    tickets.waitForEvent('download'),
    tickets.getByRole('link', { name: 'Download the tickets (PDF)' }).click(),
  ]);
  expect(fromPage.suggestedFilename()).toBe(`tickets-${code}.pdf`);
  expect(await pdfPages(fromPage)).toBe(2);

  await tickets.getByRole('button', { name: 'Show large' }).nth(1).click();
  await expect(
    tickets.getByRole('heading', { name: 'Ticket 2 of 2 · Chamber seat', level: 2 }),
  ).toBeFocused();
  await expect(tickets.locator('img[alt="QR code of ticket 2"]')).toHaveAttribute('width', '320');
  await expectAccessible(tickets);
  await tickets.getByRole('button', { name: 'Previous' }).click();
  await expect(
    tickets.getByRole('heading', { name: 'Ticket 1 of 2 · Chamber seat', level: 2 }),
  ).toBeVisible();
  await tickets.getByRole('button', { name: 'All tickets' }).click();
  await expect(tickets.locator('img[alt^="QR code of ticket"]')).toHaveCount(2);

  // The organiser sees the mail in the order's detail.
  const orders = (await (
    await request.get(`/api/events/${shop.eventId}/orders?q=${code}`, { headers: shop.headers })
  ).json()) as { items: { id: string }[] };
  await page.goto(`/events/${shop.eventId}?order=${orders.items[0]?.id}`);
  const emails = page.getByRole('region', { name: 'E-mails' });
  // The back office's order dialog loads its chunks on first use: a slow machine takes a while.
  await expect(emails.getByText(`Your tickets for ${shop.eventName}`)).toBeVisible({ timeout: 30_000 });
  await expect(emails.getByText(`Attached: tickets-${code}.pdf`)).toBeVisible();
  await expect(emails.getByText('Kept (no mail server)', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('order-emails.png') });
  await expectAccessible(page, 'section[aria-labelledby="order-emails"]');
});

test('an organiser writes offline payment instructions; a buyer paying at the door reads them', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const shop = await openShop(request, { name: 'Door ticket', priceMinor: 1800 });
  const instructions =
    'Bank transfer to IBAN FR76 3000 6000 0112 3456 7890 189\nor cash at the box office from 19:00.';

  await signIn(page, shop.admin.email, shop.admin.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Tina Tickets' })).toBeVisible();
  await page.goto('/settings/company');
  await page.getByRole('textbox', { name: 'Offline payment instructions' }).fill(instructions);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Saved: Offline payment instructions/).first()).toBeVisible();

  const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/e/${shop.orgSlug}/${shop.eventSlug}`);
  await chooseTickets(buyer, 'Door ticket', 1);
  const email = uniqueEmail('offline');
  await buyer.getByRole('textbox', { name: 'Full name' }).fill('Olga Offline');
  await buyer.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await buyer.getByRole('button', { name: 'Place order (€18.00)' }).click();
  await expect(buyer.getByText('Awaiting payment')).toBeVisible();
  const code = new URL(buyer.url()).searchParams.get('order') ?? '';
  await expect(buyer.getByText(`Give the order code ${code} with your payment.`)).toBeVisible();
  await expect(buyer.getByText('Bank transfer to IBAN FR76 3000 6000 0112 3456 7890 189')).toBeVisible();
  await expect(buyer.getByText('or cash at the box office from 19:00.')).toBeVisible();
  await expectAccessible(buyer);
  await buyerContext.close();

  const mail = await latestMailTo(request, email);
  expect(mail.subject).toBe(`Your order for ${shop.eventName}: payment to make`);
  expect(mail.text).toContain(instructions);
});
