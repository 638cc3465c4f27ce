import { writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, chromium, devices, expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import {
  apiCreateOrganization,
  apiSignUp,
  apiStaffMember,
  call,
  signIn,
  type Ticket,
  uniqueEmail,
} from './support';

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
  const event = await call<{ id: string; name: string; slug: string }>(
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

  const { email, password } = await apiStaffMember(request, adminHeaders, ['SCAN'], 'Dom Door');
  const orgSlug = (organization as { slug?: string }).slug ?? '';
  return { event, adminHeaders, tickets: order.tickets, email, password, orgSlug, standard };
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
  test.setTimeout(180_000);
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

/**
 * A video file for Chromium's fake camera: the QR code of `text`, dark on light, filling most of a 640×480
 * frame (YUV 4:2:0, a few identical frames; Chromium loops them).
 */
function qrVideo(text: string, file: string): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const width = 640;
  const height = 480;
  const scale = Math.floor((height - 40) / (size + 8));
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (qr.modules.get(row, column) !== 1) continue;
      for (let y = 0; y < scale; y++) {
        luma.fill(
          16,
          (top + row * scale + y) * width + left + column * scale,
          (top + row * scale + y) * width + left + (column + 1) * scale,
        );
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

test("the camera reads a ticket's QR code with the bundled decoder (Chromium fed a video of the code)", async ({
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const { event, tickets, email, password } = await doorFixture(request);
  const ticket = tickets[2]!;
  const video = path.resolve(testInfo.outputPath('ticket-qr.y4m'));
  qrVideo(ticket.secret!, video);

  const launch = testInfo.project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL, permissions: ['camera'] });
    const page = await context.newPage();
    await page.goto('/connection');
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/scan$/, { timeout: 20_000 });
    await page.getByRole('checkbox', { name: 'Main gate' }).check();
    await page.getByRole('button', { name: 'Start scanning' }).click();
    await expect(page.getByTestId('scan-gate')).toHaveText(`${event.name} · Main gate`);

    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    // The verdict comes and goes by itself (the camera keeps scanning): the recent scans keep it.
    const recent = page.getByTestId('recent-scan');
    await expect(recent.first()).toContainText('Admitted', { timeout: 20_000 });
    await expect(recent.first()).toContainText('Olu Ade · Standard');
    // The code stays in front of the camera: it is not submitted again at once (no "already used" flash).
    await page.waitForTimeout(1500);
    await expect(recent).toHaveCount(1);
    await page.getByRole('button', { name: 'Stop the camera' }).click();
    await expect(page.getByRole('button', { name: 'Scan with the camera' })).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('a SCAN-only steward finds a pay-at-the-door order by its code, takes the payment and admits it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { event, adminHeaders, email, password, orgSlug, standard } = await doorFixture(request);
  await call(request, 'POST', `/api/events/${event.id}/publish`, adminHeaders, undefined, 200);
  const placed = await call<{ code: string; status: string }>(
    request,
    'POST',
    `/api/public/events/${orgSlug}/${event.slug}/orders`,
    {},
    {
      buyer: { name: 'Pat Later', email: uniqueEmail('later') },
      lines: [{ ticketTypeId: standard.id, quantity: 2 }],
      paymentMethod: 'offline',
    },
    201,
  );
  expect(placed.status).toBe('pending_payment');

  await page.goto('/connection');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/scan$/, { timeout: 20_000 });
  await page.getByRole('checkbox', { name: 'Main gate' }).check();
  await page.getByRole('button', { name: 'Start scanning' }).click();
  await expect(page.getByTestId('scan-mode')).toHaveText('Online');

  await page.getByRole('textbox', { name: 'Order code' }).fill(placed.code);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByText(`2 tickets for ${event.name} · €50.00`)).toBeVisible();
  await page.getByText('Cash', { exact: true }).click();
  await page.getByRole('button', { name: 'Received €50.00 (Cash): let them in' }).click();
  await expect(page.getByText('Paid €50.00. 2 tickets admitted.')).toBeVisible();

  // The back office sees the order paid, in cash, and both of its tickets inside.
  const orders = await call<{ items: { code: string; status: string }[] }>(
    request,
    'GET',
    `/api/events/${event.id}/orders?q=${placed.code}`,
    adminHeaders,
    undefined,
    200,
  );
  expect(orders.items).toEqual([expect.objectContaining({ code: placed.code, status: 'paid' })]);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
  ).toEqual([]);
});
