import * as zlib from 'node:zlib';
import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, signIn } from './support';

/** A small valid PNG (a 4×4 square of one colour), made here rather than read from disk. */
function makePng(rgb: [number, number, number]): Buffer {
  const crc32 = (zlib as unknown as { crc32: (data: Buffer) => number }).crc32;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const size = 4;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: size }, () => Buffer.from(rgb))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an administrator edits the company settings and logo, sees what changed, and finds them kept', async ({
  page,
  request,
}) => {
  const admin = await apiSignUp(request, 'Settings Admin');
  const name = `Settings Co ${Date.now().toString(36)}`;
  await apiCreateOrganization(request, admin.accessToken, name);
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Settings Admin' })).toBeVisible();

  // The hub: each section, read-only policies explained, card payments not connected yet.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('Open registration: anyone can create a Guichet account.')).toBeVisible();
  await expect(page.getByText('At least 6 characters')).toBeVisible();
  await expect(page.getByText('Stripe is not connected yet.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Require two-factor sign-in for all staff' })).toBeDisabled();
  await page.getByRole('link', { name: 'Edit company details' }).click();
  await expect(page).toHaveURL(/\/settings\/company$/);
  await expect(page.getByRole('heading', { name: 'Company', level: 1 })).toBeVisible();

  // Validation next to the field.
  await page.getByLabel('Legal name').fill(`${name} SAS`);
  await page.getByLabel('City').fill('Lyon');
  await page.getByLabel('Contact e-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  await page.getByLabel('Contact e-mail').fill('hello@settings.example');

  // Searchable pickers.
  await page.getByRole('combobox', { name: 'Default currency' }).fill('CHF');
  await page.getByRole('option', { name: /^CHF/ }).click();
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Toronto');
  await page.getByRole('option', { name: 'America/Toronto' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toHaveText(
    'Saved: Legal name, City, Contact e-mail, Default currency, Time zone.',
  );

  // Logo: a wrong file is refused in the form; a PNG is uploaded and shown.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('This file is not a PNG, JPEG or WebP image.')).toBeVisible();
  await fileInput.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('plain text renamed to .png'),
  });
  await expect(page.getByText('This type of file is not accepted.')).toBeVisible();
  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng([200, 30, 90]) });
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toHaveText('Saved: Logo.');
  await expect(page.getByRole('button', { name: 'Remove the logo' })).toBeVisible();

  // Kept after a reload.
  await page.reload();
  await expect(page.getByLabel('Legal name')).toHaveValue(`${name} SAS`);
  await expect(page.getByLabel('City')).toHaveValue('Lyon');
  await expect(page.getByLabel('Contact e-mail')).toHaveValue('hello@settings.example');
  await expect(page.getByRole('combobox', { name: 'Default currency' })).toHaveValue(/^CHF/);
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Toronto');
  const logo = page.getByRole('img', { name: 'Current logo' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(4);

  // And the hub summarises it.
  await page.goto('/settings');
  await expect(page.getByText(`${name} SAS`)).toBeVisible();
  await expect(page.getByText('Lyon')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
});

test('a staff member with EVENT only is kept out of the settings', async ({ page, request }) => {
  // alex@ holds EVENT (+ SCAN, which opens no back-office page) in Demo Events.
  const signInResponse = await request.post('/api/auth/sign-in', {
    data: { email: 'alex@guichet.example', password: 'guichet-demo' },
  });
  const { accessToken } = (await signInResponse.json()) as { accessToken: string };
  const me = (await (
    await request.get('/api/staffs/me', { headers: { authorization: `Bearer ${accessToken}` } })
  ).json()) as { staffOrganization: { organization: { id: string; name: string }; permissions: string[] }[] };
  const demo = me.staffOrganization.find((entry) => entry.organization.name === 'Demo Events');
  expect(demo?.permissions).toEqual(['EVENT', 'SCAN']);
  const api = await request.get('/api/settings/company', {
    headers: { authorization: `Bearer ${accessToken}`, 'x-organization-id': demo?.organization.id ?? '' },
  });
  expect(api.status()).toBe(403);

  await signIn(page, 'alex@guichet.example', 'guichet-demo');
  const switcher = page.getByRole('combobox', { name: /organisation/i });
  await expect(switcher).toBeVisible();
  await switcher.selectOption({ label: 'Demo Events' });
  await expect(page).toHaveURL(/\/events$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/events$/);
  await page.goto('/settings/company');
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.locator('a[href="/settings"]')).toHaveCount(0);
});
