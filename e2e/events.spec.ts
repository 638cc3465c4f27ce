import { expect, type Page, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, apiStaffMember, DEMO, signIn } from './support';

/** A wall time `days` from now at 20:00, as a datetime-local input takes it. */
function localDateTime(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00`;
}

async function addTicketType(page: Page, name: string, price: string, capacity: string) {
  await page.getByRole('button', { name: 'Add a ticket type' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a ticket type' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Price' }).fill(price);
  await dialog.getByRole('textbox', { name: 'Capacity' }).fill(capacity);
  await dialog.getByRole('button', { name: 'Add the ticket type' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`“${name}” is saved.`).or(page.getByRole('heading', { name }))).toBeVisible();
}

test('an event manager creates an event at a venue found by place search, sells two ticket types, publishes it, finds it on the map and duplicates it', async ({
  page,
}) => {
  const name = `Harbour Night ${Date.now().toString(36)}`;
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();

  // Create: the venue comes from place search (the offline gazetteer), with its marker on a map.
  await page.goto('/events/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Start').fill(localDateTime(21, 20));
  await page.getByRole('textbox', { name: 'End', exact: true }).fill(localDateTime(21, 23));
  await page.getByRole('combobox', { name: 'Find a place' }).fill('Marseil');
  const suggestions = page.getByRole('listbox', { name: 'Place suggestions' });
  await suggestions
    .getByRole('option', { name: /Marseille/ })
    .first()
    .click();
  await expect(page.getByRole('textbox', { name: 'Venue name' })).toHaveValue(/Marseille/);
  await expect(page.getByRole('region', { name: /Map of|Venue map/ })).toBeVisible();
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const eventUrl = page.url();

  // Two ticket types, then publish.
  await addTicketType(page, 'Standard', '25', '100');
  await addTicketType(page, 'VIP', '60.50', '20');
  await expect(page.getByText('€60.50').or(page.getByText('60,50 €'))).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`“${name}” is published.`)).toBeVisible();
  // Published, it has a public page for buyers.
  await expect(page.getByRole('link', { name: 'Public page' })).toHaveAttribute(
    'href',
    /^\/e\/demo-events\/harbour-night-/,
  );

  // The list finds it, and its venue is a marker on the map that opens the event.
  await page.goto(`/events?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name })).toBeVisible();
  const map = page.getByRole('region', { name: 'Map of event venues' });
  await expect(map).toBeVisible();
  await map.getByRole('button', { name }).click();
  await expect(page).toHaveURL(eventUrl);

  // Duplicate: a new draft with the ticket types.
  await page.getByRole('button', { name: 'Duplicate' }).click();
  // Waits for the copy's address: the original's matches the pattern too, before the copy is made.
  await expect(page).not.toHaveURL(eventUrl);
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `${name} (copy)`, level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'VIP' })).toBeVisible();

  // The two events share a venue: on the map they form one cluster, which zooms in when clicked.
  await page.goto(`/events?q=${encodeURIComponent(name)}&when=all`);
  await expect(page.getByRole('link', { name: `${name} (copy)` })).toBeVisible();
  const cluster = page
    .getByRole('region', { name: 'Map of event venues' })
    .getByRole('button', { name: '2 events here: zoom in' });
  await expect(cluster).toBeVisible();
  await cluster.click();
  await page
    .getByRole('region', { name: 'Map of event venues' })
    .getByRole('button', { name: `${name} (copy)` })
    .click();
  await expect(page.getByRole('heading', { name: `${name} (copy)`, level: 1 })).toBeVisible();
});

test('a staff member with FINANCE only cannot open the events pages', async ({ page, request }) => {
  const admin = await apiSignUp(request, 'Fiona Founder');
  const organization = await apiCreateOrganization(request, admin.accessToken, 'Ledger Hall');
  const { email, password, accessToken } = await apiStaffMember(
    request,
    { authorization: `Bearer ${admin.accessToken}`, 'x-organization-id': organization.id },
    ['FINANCE'],
    'Finn Finance',
  );

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/finances$/);
  for (const path of ['/events', '/events/create']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/finances$/);
  }
  await expect(page.getByRole('link', { name: 'Events' })).toHaveCount(0);
  // The server refuses too, whatever the page does.
  const api = await request.get('/api/events', {
    headers: { authorization: `Bearer ${accessToken}`, 'x-organization-id': organization.id },
  });
  expect(api.status()).toBe(403);
});
