import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, uniqueEmail } from './support';

const ORG = 'demo-events';
const EVENT = 'jazz-on-the-seine';
const EVENT_PAGE = `/e/${ORG}/${EVENT}`;

// Most buyers are on phones.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** Adds a free ticket type to the demo's jazz evening through the staff API, as an organiser would. */
async function addFreeTicketType(request: APIRequestContext, name: string, capacity = 50) {
  const signIn = await request.post('/api/auth/sign-in', {
    data: { email: DEMO.email, password: DEMO.password },
  });
  expect(signIn.status()).toBe(200);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const authorization = `Bearer ${accessToken}`;
  const me = (await (await request.get('/api/staffs/me', { headers: { authorization } })).json()) as {
    staffOrganization: { organization: { id: string; slug?: string; name: string } }[];
  };
  const organization = me.staffOrganization.find((item) => item.organization.name === 'Demo Events');
  expect(organization).toBeTruthy();
  const headers = { authorization, 'x-organization-id': organization!.organization.id };
  const events = (await (await request.get('/api/events?q=Jazz', { headers })).json()) as {
    items: { id: string; slug: string }[];
  };
  const event = events.items.find((item) => item.slug === EVENT);
  expect(event).toBeTruthy();
  const created = await request.post(`/api/events/${event!.id}/ticket-types`, {
    headers,
    data: { name, priceMinor: 0, capacity, maxPerOrder: 4 },
  });
  expect(created.status()).toBe(201);
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

async function chooseTickets(page: Page, ticketType: string, count: number) {
  const row = page.getByRole('article', { name: ticketType });
  for (let index = 0; index < count; index++) {
    await row.getByRole('button', { name: `One ticket more: ${ticketType}` }).click();
  }
  await expect(row.getByRole('status', { name: `Tickets chosen: ${ticketType}` })).toHaveText(String(count));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your details', level: 2 })).toBeFocused();
}

test('a buyer without an account gets two free tickets and sees them with their QR codes', async ({
  page,
  request,
}) => {
  const guestList = `Guest list ${Date.now().toString(36)}`;
  await addFreeTicketType(request, guestList);
  // The buyer's pages start their own light app: nothing of the back office is downloaded.
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });

  await page.goto(EVENT_PAGE);
  await expect(page.getByRole('heading', { name: 'Jazz on the Seine', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${EVENT_PAGE}$`));
  // The date as at the venue, with its zone; the sanitised description; the ticket types and what is left.
  await expect(page.getByText(/GMT\+1|GMT\+2|CET|CEST/).first()).toBeVisible();
  await expect(page.getByText('live jazz')).toBeVisible();
  await expect(page.getByRole('article', { name: guestList }).getByText('50 left')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Standard' }).getByText('€25.00')).toBeVisible();

  expect(scripts.some((url) => url.includes('/buyer-app-'))).toBe(true);
  expect(scripts.filter((url) => /back-office|default-layout|public-app/.test(url))).toEqual([]);
  await expectAccessible(page);

  await chooseTickets(page, guestList, 2);
  await expectAccessible(page);

  // Errors show next to their fields before anything is sent.
  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Full name' }).fill('Bea Buyer');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('not-an-address');
  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(uniqueEmail('buyer'));
  await page.getByRole('textbox', { name: `${guestList}, ticket 1` }).fill('Carl Guest');
  // A double click places one order: the same attempt carries the same Idempotency-Key.
  await page.getByRole('button', { name: 'Get my tickets' }).dblclick();

  await expect(page).toHaveURL(/\/checkout\/firebase\?order=[A-Z0-9-]+$/);
  await expect(page.getByText('Confirmed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your tickets', level: 2 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code of ticket \d$/ })).toHaveCount(2);
  await expect(page.locator('img[alt^="QR code of ticket"]')).toHaveCount(2);
  await expect(page.getByText('Carl Guest')).toBeVisible();
  await expect(page.getByText('Bea Buyer')).toBeVisible();
  await expectAccessible(page);

  // The availability counts the two tickets, once.
  await page.goto(EVENT_PAGE);
  await expect(page.getByRole('article', { name: guestList }).getByText('48 left')).toBeVisible();
});

test('a buyer orders a paid ticket to pay at the door and sees the order waiting for payment', async ({
  page,
}) => {
  await page.goto(EVENT_PAGE);
  await chooseTickets(page, 'Standard', 1);
  await expect(page.getByText('Pay at the door or by bank transfer')).toBeVisible();
  await page.getByRole('textbox', { name: 'Full name' }).fill('Dora Door');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(uniqueEmail('door'));
  await page.getByRole('button', { name: 'Place order (€25.00)' }).click();

  await expect(page).toHaveURL(/\/checkout\/firebase\?order=/);
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  await expect(page.getByText('How to pay')).toBeVisible();
  await expect(page.getByText('This page updates by itself.')).toBeVisible();
  await expect(page.locator('img[alt^="QR code"]')).toHaveCount(0);
});

test('a buyer whose tickets were taken meanwhile is told which type ran out and sees what is left', async ({
  page,
  request,
}) => {
  const lastSeats = `Last seats ${Date.now().toString(36)}`;
  await addFreeTicketType(request, lastSeats, 2);
  await page.goto(EVENT_PAGE);
  await chooseTickets(page, lastSeats, 2);
  await page.getByRole('textbox', { name: 'Full name' }).fill('Sam Slow');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(uniqueEmail('slow'));

  // Someone else takes one of the two seats first.
  const event = (await (await request.get(`/api/public/events/${ORG}/${EVENT}`)).json()) as {
    ticketTypes: { id: string; name: string }[];
  };
  const type = event.ticketTypes.find((item) => item.name === lastSeats);
  const other = await request.post(`/api/public/events/${ORG}/${EVENT}/orders`, {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      buyer: { name: 'Quick Quinn', email: uniqueEmail('quick') },
      lines: [{ ticketTypeId: type!.id, quantity: 1 }],
      paymentMethod: 'free',
    },
  });
  expect(other.status()).toBe(201);

  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page.getByRole('alert')).toContainText(`Not enough places left for ${lastSeats}`);
  const row = page.getByRole('article', { name: lastSeats });
  await expect(row.getByText('1 left')).toBeVisible();
  await expect(row.getByRole('status', { name: `Tickets chosen: ${lastSeats}` })).toHaveText('1');

  // The details typed before are still there: one more click places the order for the seat left.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Sam Slow');
  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page.getByText('Confirmed')).toBeVisible();
  await expect(page.locator('img[alt^="QR code of ticket"]')).toHaveCount(1);
});

test('a French-speaking buyer gets the page in French, prices and dates included', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(EVENT_PAGE);
  await expect(page.getByRole('heading', { name: 'Billets', level: 2 })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Standard' }).getByText(/25,00\s€/)).toBeVisible();
  await expect(page.getByText(/UTC\+1|UTC\+2|heure/).first()).toBeVisible();
  // The language select switches it back, without a reload.
  await page.getByLabel('Langue').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Tickets', level: 2 })).toBeVisible();
  await context.close();
});

test('a wrong order code and an unknown event say "not found"', async ({ page }) => {
  await page.goto('/checkout/firebase?order=NOPE1234');
  await expect(page.getByRole('heading', { name: 'Order not found', level: 1 })).toBeVisible();
  await page.goto('/checkout/firebase');
  await expect(page.getByRole('heading', { name: 'Order not found', level: 1 })).toBeVisible();
  await page.goto(`/e/${ORG}/no-such-event`);
  await expect(page.getByRole('heading', { name: 'Event not found', level: 1 })).toBeVisible();
  // Still the buyer's page: no sign-in asked.
  await expect(page).toHaveURL(new RegExp(`/e/${ORG}/no-such-event$`));
});

test('a buyer asks for an invoice at checkout, and the order page offers its PDF', async ({
  page,
  request,
}) => {
  const seminar = `Seminar ${Date.now().toString(36)}`;
  await addFreeTicketType(request, seminar);
  await page.goto(EVENT_PAGE);
  await chooseTickets(page, seminar, 1);
  await page.getByRole('textbox', { name: 'Full name' }).fill('Iris Invoice');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(uniqueEmail('invoice'));

  // The company's fields appear (loaded then) when the box is ticked; the company's name is required.
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Ask for an invoice' }).check();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toBeVisible();
  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page.getByText('Give the name of the company to invoice.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Company name' }).fill('Acme SARL');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 rue de la Paix, Paris');
  await page.getByRole('textbox', { name: 'VAT number' }).fill('FR12345678901');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Get my tickets' }).click();

  await expect(page).toHaveURL(/\/checkout\/firebase\?order=[A-Z0-9-]+$/);
  await expect(page.getByText('Confirmed')).toBeVisible();
  const invoice = page.getByRole('link', { name: /^Download invoice INV-\d{6} \(PDF\)$/ });
  await expect(invoice).toBeVisible();
  // Free tickets: no receipt, but the invoice asked for.
  await expect(page.getByRole('link', { name: 'Download the receipt (PDF)' })).toHaveCount(0);
  const pdf = await request.get((await invoice.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/invoice-INV-\d{6}\.pdf/);
});
