import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
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
 * An organisation with an event of two ticket types, and a staff member holding EVENT only in it (invited
 * by its administrator, joined through the API).
 */
async function organisationWithEventMember(request: APIRequestContext) {
  const suffix = Date.now().toString(36);
  const admin = await apiSignUp(request, 'Ada Admin');
  const organization = await apiCreateOrganization(request, admin.accessToken, `Doors ${suffix}`);
  const adminHeaders = { authorization: `Bearer ${admin.accessToken}`, 'x-organization-id': organization.id };
  const start = Date.now() + 2 * 60 * 60 * 1000;
  const event = await call<{ id: string; name: string }>(
    request,
    'POST',
    '/api/events',
    adminHeaders,
    {
      name: `Night at the docks ${suffix}`,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 4 * 60 * 60 * 1000).toISOString(),
      timeZone: 'Europe/Paris',
      locationType: 'venue',
      venueName: 'Hangar 14',
      venueAddress: 'Quai de Bacalan, Bordeaux',
    },
    201,
  );
  await call(
    request,
    'POST',
    `/api/events/${event.id}/ticket-types`,
    adminHeaders,
    {
      name: 'Standard',
      priceMinor: 2000,
      capacity: 100,
    },
    201,
  );
  const detail = await call<{ ticketTypes: { id: string; name: string }[] }>(
    request,
    'POST',
    `/api/events/${event.id}/ticket-types`,
    adminHeaders,
    { name: 'VIP', priceMinor: 6000, capacity: 20 },
    201,
  );
  const standard = detail.ticketTypes.find((type) => type.name === 'Standard')!;
  // Every new event starts with an entrance list for all its types; this journey sets up its own from none.
  const { items: initial } = await call<{ items: { id: string; name: string }[] }>(
    request,
    'GET',
    `/api/events/${event.id}/checkin-lists`,
    adminHeaders,
    undefined,
    200,
  );
  expect(initial.map((list) => list.name)).toEqual(['Main entrance']);
  for (const list of initial) {
    const removed = await request.delete(`/api/checkin-lists/${list.id}`, { headers: adminHeaders });
    expect(removed.status()).toBe(204);
  }

  const {
    email,
    password,
    accessToken: memberToken,
  } = await apiStaffMember(request, adminHeaders, ['EVENT'], 'Eve Events');
  const memberHeaders = {
    authorization: `Bearer ${memberToken}`,
    'x-organization-id': organization.id,
  };
  return { event, standard, email, password, memberHeaders };
}

/** The big figure of the headcount named `name` ("Checked in", "Inside now"). */
function figure(page: Page, name: string) {
  return page.getByRole('group', { name }).locator('p').nth(1);
}

test('an event manager sets up a check-in list and follows the door live: headcount, undo, conflicts', async ({
  page,
  request,
}) => {
  // A long journey (set-up through the API, then a dozen steps at the door).
  test.setTimeout(150_000);
  const { event, standard, email, password, memberHeaders } = await organisationWithEventMember(request);

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/events$/);
  // Staff who may scan find the scanner, a separate app, in the navigation.
  await expect(page.getByRole('link', { name: 'Scanner' })).toHaveAttribute('href', '/scan');
  await page.goto(`/events/${event.id}`);
  // A full load of the back office, then the events pages' chunks: slow on a busy machine.
  await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Check-in lists', level: 2 })).toBeVisible();
  await expect(page.getByText('No check-in list yet. The scanner needs at least one')).toBeVisible();

  // A list for the Standard tickets, with re-entry and an alert at 2 people inside; the form checks first.
  await page.getByRole('button', { name: 'New list' }).click();
  const form = page.getByRole('dialog', { name: 'New check-in list' });
  await form.getByRole('radio', { name: 'Only these ticket types' }).check();
  await form.getByLabel('Opens at').fill('2030-07-14T20:00');
  await form.getByLabel('Closes at').fill('2030-07-14T19:00');
  await form.getByRole('button', { name: 'Create the list' }).click();
  await expect(form.getByText('This field is required.')).toBeVisible();
  await expect(form.getByText('Choose at least one ticket type.')).toBeVisible();
  await expect(form.getByText('The list must close after it opens.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill('Main gate');
  await form.getByRole('checkbox', { name: 'Standard' }).check();
  await form.getByLabel('Opens at').fill('');
  await form.getByLabel('Closes at').fill('');
  await form.getByRole('checkbox', { name: 'Allow re-entry after exit' }).check();
  await form.getByRole('textbox', { name: 'Capacity alert (optional)' }).fill('2');
  await form.getByRole('button', { name: 'Create the list' }).click();
  await expect(form).toBeHidden();
  const listRow = page.getByRole('listitem', { name: 'Main gate' });
  await expect(listRow.getByText('Ticket types: Standard')).toBeVisible();
  await expect(listRow.getByText('Re-entry after exit')).toBeVisible();
  await expect(listRow.getByText('Alert at 2 inside')).toBeVisible();
  await expect(listRow.getByText('Any time')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the scanner' })).toHaveAttribute(
    'href',
    new RegExp(`^/scan\\?event=${event.id}&organization=`),
  );

  const { items: lists } = await call<{ items: { id: string; name: string }[] }>(
    request,
    'GET',
    `/api/events/${event.id}/checkin-lists`,
    memberHeaders,
    undefined,
    200,
  );
  const listId = lists.find((list) => list.name === 'Main gate')!.id;

  // Two tickets sold at the box office.
  const order = await call<{ code: string; tickets: Ticket[] }>(
    request,
    'POST',
    `/api/events/${event.id}/orders`,
    memberHeaders,
    {
      buyer: { name: 'Ann Entry', email: uniqueEmail('buyer') },
      lines: [{ ticketTypeId: standard.id, quantity: 2, attendeeNames: ['Ann Entry', 'Bob Second'] }],
      payment: 'paid',
      sendEmail: false,
    },
    201,
  );
  const [ann, bob] = ['Ann Entry', 'Bob Second'].map(
    (name) => order.tickets.find((ticket) => ticket.attendeeName === name)!,
  );
  expect(ann?.secret && bob?.secret).toBeTruthy();

  // The headcount is live and counts nobody yet.
  await expect(page.getByRole('heading', { name: 'Live headcount', level: 2 })).toBeVisible();
  const live = page.getByRole('status').filter({ hasText: /^Live$/ });
  await expect(live).toBeVisible();
  await expect(figure(page, 'Checked in')).toHaveText('0');
  // The connection drops: the page says so, then picks the stream up again by itself.
  await page.context().setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  await page.context().setOffline(false);
  await expect(live).toBeVisible();
  await expect(page.getByText('of 2 expected')).toBeVisible();

  // A scanner admits both tickets: the open page follows within seconds, without a reload.
  const redeem = (secret: string, direction: 'entry' | 'exit') =>
    call<{ result: string; checkinId: string }>(
      request,
      'POST',
      '/api/scan/redeem',
      memberHeaders,
      {
        secret,
        listIds: [listId],
        direction,
        scannedAt: new Date().toISOString(),
        nonce: randomUUID(),
        deviceId: 'gate-phone-1',
      },
      200,
    );
  expect((await redeem(ann!.secret!, 'entry')).result).toBe('ok');
  await expect(figure(page, 'Inside now')).toHaveText('1', { timeout: 5_000 });
  await expect(figure(page, 'Checked in')).toHaveText('1');
  expect((await redeem(bob!.secret!, 'entry')).result).toBe('ok');
  await expect(figure(page, 'Inside now')).toHaveText('2', { timeout: 5_000 });
  // The list reached its alert threshold.
  const alert = page.getByRole('alert').filter({ hasText: 'Capacity alert' });
  await expect(alert).toContainText('Main gate: 2 people inside, the alert threshold of 2 is reached.');
  const perList = page.getByRole('list', { name: 'Per check-in list' });
  await expect(perList.getByText('2 inside (alert at 2) · 2 checked in')).toBeVisible();
  const perType = page.getByRole('list', { name: 'Per ticket type' });
  await expect(perType.getByText('2 checked in · 2 inside')).toBeVisible();

  // Ann goes out: inside now drops, checked in stays, the alert goes away.
  expect((await redeem(ann!.secret!, 'exit')).result).toBe('ok');
  await expect(figure(page, 'Inside now')).toHaveText('1', { timeout: 5_000 });
  await expect(figure(page, 'Checked in')).toHaveText('2');
  await expect(alert).toBeHidden();

  // Bob was let in by mistake: undo his entry from the recent check-ins.
  const recent = page.getByRole('region', { name: 'Recent check-ins' });
  await expect(recent.getByRole('row')).toHaveCount(4);
  await recent.getByRole('button', { name: /^Undo the entry of Bob Second at / }).click();
  const undo = page.getByRole('dialog', { name: 'Undo this check-in?' });
  await undo.getByRole('textbox', { name: 'Reason (optional)' }).fill('Scanned the wrong ticket');
  await undo.getByRole('button', { name: 'Undo the check-in' }).click();
  await expect(undo).toBeHidden();
  await expect(recent.getByText('Undone by Eve Events')).toBeVisible();
  await expect(figure(page, 'Inside now')).toHaveText('0');
  await expect(figure(page, 'Checked in')).toHaveText('1');
  await expect(recent.getByRole('button', { name: /^Undo the entry of Bob Second at / })).toHaveCount(0);

  // Two phones offline both let Bob in; their queues sync: one conflict in the inbox, both scans shown.
  const offlineEntry = (deviceId: string, secondsAgo: number) =>
    call(
      request,
      'POST',
      '/api/scan/sync',
      memberHeaders,
      {
        deviceId,
        scans: [
          {
            nonce: randomUUID(),
            secret: bob!.secret,
            listIds: [listId],
            direction: 'entry',
            scannedAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
            decision: { result: 'ok', reason: null },
          },
        ],
      },
      200,
    );
  await offlineEntry('phone-north', 20);
  await offlineEntry('phone-south', 10);
  const inbox = page.getByRole('region', { name: /^Conflicts/ });
  await expect(inbox.getByText('1 open')).toBeVisible({ timeout: 5_000 });
  const conflict = inbox.getByRole('listitem', { name: `Bob Second · Standard · order ${order.code}` });
  await expect(conflict.getByText(/on Main gate, device phone-north$/)).toBeVisible();
  await expect(conflict.getByText(/on Main gate, device phone-south$/)).toBeVisible();
  await expect(figure(page, 'Inside now')).toHaveText('1');

  await expect(page.getByRole('region', { name: 'Live headcount' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target} ${n.failureSummary}`).join('; ')}`),
  ).toEqual([]);

  // Resolved with a note, undoing the second admission.
  await conflict.getByRole('button', { name: 'Resolve the conflict of Bob Second' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve the conflict' });
  await resolve.getByRole('radio', { name: 'Undo the second check-in' }).check();
  await resolve.getByRole('textbox', { name: 'Note (optional)' }).fill('Same person at both gates');
  await resolve.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(resolve).toBeHidden();
  await expect(inbox.getByText('No open conflict.')).toBeVisible();
  await expect(inbox.getByText('1 open')).toBeHidden();
  await inbox.getByRole('button', { name: 'Show 1 resolved conflict' }).click();
  await expect(inbox.getByText(/by Eve Events — Same person at both gates$/)).toBeVisible();

  // The page was never reloaded: a reload shows the same figures, from the server.
  await page.reload();
  await expect(figure(page, 'Inside now')).toHaveText('1', { timeout: 30_000 });
  await expect(figure(page, 'Checked in')).toHaveText('2');
});
