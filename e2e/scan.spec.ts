import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, devices, expect, type Page, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, latestMailTo, signIn, uniqueEmail } from './support';

type Headers = Record<string, string>;

/** One API call of the fixtures, its status checked. */
async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  headers: Headers,
  data: unknown,
  status: number,
): Promise<T> {
  const response = await request.fetch(url, { method, headers, data: data ?? undefined });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

interface Ticket {
  id: string;
  attendeeName: string | null;
  secret: string | null;
}

/**
 * An organisation with an event, a "Main gate" check-in list, three paid tickets from the box office, and
 * a door staff member holding SCAN only (invited by the administrator, joined through the API).
 */
async function doorFixture(request: APIRequestContext) {
  const suffix = Date.now().toString(36);
  const admin = await apiSignUp(request, 'Ada Admin');
  const organization = await apiCreateOrganization(request, admin.accessToken, `Gates ${suffix}`);
  const adminHeaders = { authorization: `Bearer ${admin.accessToken}`, 'x-organization-id': organization.id };
  const start = Date.now() + 60 * 60 * 1000;
  const event = await call<{ id: string; name: string }>(
    request,
    'POST',
    '/api/events',
    adminHeaders,
    {
      name: `Quay concert ${suffix}`,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 4 * 60 * 60 * 1000).toISOString(),
      timeZone: 'Europe/Paris',
      locationType: 'venue',
      venueName: 'Hangar 14',
      venueAddress: 'Quai de Bacalan, Bordeaux',
    },
    201,
  );
  const detail = await call<{ ticketTypes: { id: string; name: string }[] }>(
    request,
    'POST',
    `/api/events/${event.id}/ticket-types`,
    adminHeaders,
    { name: 'Standard', priceMinor: 2500, capacity: 100 },
    201,
  );
  const standard = detail.ticketTypes.find((type) => type.name === 'Standard')!;
  await call(
    request,
    'POST',
    `/api/events/${event.id}/checkin-lists`,
    adminHeaders,
    { name: 'Main gate' },
    201,
  );
  const order = await call<{ tickets: Ticket[] }>(
    request,
    'POST',
    `/api/events/${event.id}/orders`,
    adminHeaders,
    {
      buyer: { name: 'Bea Buyer', email: uniqueEmail('buyer') },
      lines: [
        { ticketTypeId: standard.id, quantity: 3, attendeeNames: ['Ann Walker', 'Zoé Martin', 'Olu Ade'] },
      ],
      payment: 'paid',
      sendEmail: false,
    },
    201,
  );

  const email = uniqueEmail('door');
  const password = 'e2e-password';
  await call(request, 'POST', '/api/teams/invitations', adminHeaders, { email, permissions: ['SCAN'] }, 201);
  const mail = await latestMailTo(request, email);
  const token = /\/invitations\/accept\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token).toBeTruthy();
  const door = await call<{ accessToken: string }>(
    request,
    'POST',
    '/api/auth/sign-up',
    {},
    { email, password, displayName: 'Dom Door' },
    201,
  );
  await call(
    request,
    'POST',
    `/api/invitations/${token}/accept`,
    { authorization: `Bearer ${door.accessToken}` },
    undefined,
    200,
  );
  return { event, adminHeaders, tickets: order.tickets, email, password };
}

async function typeCode(page: Page, secret: string) {
  await page.getByRole('textbox', { name: 'Ticket code' }).fill(secret);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

/**
 * The verdict screen: read at once (it clears itself within seconds, scanning goes on behind it), then
 * gone for the next scan.
 */
async function expectVerdict(page: Page, tone: 'ok' | 'refused', texts: string[]) {
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toHaveAttribute('data-verdict', tone);
  const shown = await verdict.innerText();
  for (const text of texts) expect(shown).toContain(text);
  await expect(verdict).toBeHidden();
}

test.use({ ...devices['Pixel 7'], channel: undefined });

test('door staff scan on a phone: typed code admitted, "already used" the second time, offline admission queued and synced when the network returns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { event, adminHeaders, tickets, email, password } = await doorFixture(request);
  const [first, second] = tickets;
  expect(first?.secret && second?.secret).toBeTruthy();

  // Not signed in: the scanner sends to the sign-in page and comes back after it.
  await page.goto('/scan');
  await expect(page).toHaveURL(/\/connection\?next=%2Fscan$/);
  // Door staff (SCAN only) land on the scanner even from a plain sign-in.
  await page.goto('/connection');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/scan$/, { timeout: 20_000 });

  await expect(page.getByRole('heading', { name: 'Set up this scanner' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Event' })).toHaveValue(event.id);
  await page.getByRole('button', { name: 'Start scanning' }).click();
  await expect(page.getByText('Choose at least one list.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Main gate' }).check();
  await page.getByRole('button', { name: 'Start scanning' }).click();
  await expect(page.getByTestId('scan-gate')).toHaveText(`${event.name} · Main gate`);
  await expect(page.getByTestId('scan-snapshot')).toContainText('Ready offline: 3 tickets');
  await expect(page.getByTestId('scan-mode')).toHaveText('Online');
  // No attendee search for SCAN-only staff.
  await expect(page.getByRole('heading', { name: 'Find an attendee' })).toHaveCount(0);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);

  // The offline page is ready once the service worker has cached the scanner.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  await typeCode(page, first!.secret!);
  await expectVerdict(page, 'ok', ['Admitted', 'Ann Walker · Standard', 'List: Main gate']);
  await typeCode(page, first!.secret!);
  await expectVerdict(page, 'refused', ['Refused', 'Already used']);
  await typeCode(page, 'not-a-ticket');
  await expectVerdict(page, 'refused', ['Not a valid ticket']);

  // No network: the scanner notices by itself, decides from its snapshot and queues the scan.
  await context.setOffline(true);
  await expect(page.getByTestId('scan-mode')).toHaveText('Offline');
  await typeCode(page, second!.secret!);
  await expectVerdict(page, 'ok', ['Admitted', 'Zoé Martin · Standard', 'Checked offline']);
  await expect(page.getByTestId('scan-queue')).toHaveText('1 scan to sync');
  // Its own admissions are remembered offline: the first ticket again is still refused.
  await typeCode(page, first!.secret!);
  await expectVerdict(page, 'refused', ['Already used', 'Checked offline']);
  await expect(page.getByTestId('scan-queue')).toHaveText('2 scans to sync');

  // A reload without network opens the scanner from the service worker, with its queue.
  await page.reload();
  await expect(page.getByTestId('scan-gate')).toHaveText(`${event.name} · Main gate`);
  await expect(page.getByTestId('scan-queue')).toHaveText('2 scans to sync');

  // The network returns: the queue syncs to zero and the server has the offline check-in.
  await context.setOffline(false);
  await expect(page.getByTestId('scan-mode')).toHaveText('Online', { timeout: 15_000 });
  await expect(page.getByTestId('scan-queue')).toHaveText('Nothing to sync', { timeout: 15_000 });
  const log = await call<{
    items: { ticketId: string | null; result: string; offline: boolean; direction: string }[];
  }>(request, 'GET', `/api/events/${event.id}/checkins?ticketId=${second!.id}`, adminHeaders, undefined, 200);
  expect(log.items).toEqual([
    expect.objectContaining({ ticketId: second!.id, result: 'ok', offline: true, direction: 'entry' }),
  ]);

  // Online again, the server decides: the ticket admitted offline is already used.
  await typeCode(page, second!.secret!);
  await expectVerdict(page, 'refused', ['Already used']);
});
