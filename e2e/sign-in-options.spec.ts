import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, latestMailTo, signIn } from './support';

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it from the key shown on /profile. */
function totp(secret: string, timeMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('a staff member signs in with a link from their mailbox', async ({ page, request }) => {
  const staff = await apiSignUp(request, 'Lina Link');
  await apiCreateOrganization(request, staff.accessToken, 'Link Org');

  await page.goto('/connection');
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await page.getByLabel('E-mail address for the link').fill(staff.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`If an account exists for ${staff.email}`)).toBeVisible();

  const mail = await latestMailTo(request, staff.email);
  expect(mail.subject).toBe('Your Guichet sign-in link');
  const link = mail.text.match(/https?:\/\/\S+\/connection\?link=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);

  await expect(page.getByRole('heading', { name: 'Finish signing in' })).toBeVisible();
  // Asked for on this device: the e-mail is already filled in.
  await expect(page.getByLabel('E-mail address')).toHaveValue(staff.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Lina Link' })).toBeVisible();

  // The link works once.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('E-mail address').fill(staff.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This code has expired. Ask for a new one.')).toBeVisible();
});

test('a staff member turns on two-factor sign-in, then signs in with password and code', async ({
  page,
  request,
}) => {
  const staff = await apiSignUp(request, 'Tom Totp');
  await apiCreateOrganization(request, staff.accessToken, 'Totp Org');
  await signIn(page, staff.email, staff.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Tom Totp' })).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code shown by the app').fill(totp(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Your recovery codes')).toBeVisible();
  await expect(page.locator('code').filter({ hasText: /^[2-9A-Z]{5}-[2-9A-Z]{5}$/ })).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On. 10 recovery codes left.')).toBeVisible();
  // This device is listed among the signed-in ones.
  await expect(page.getByText('This device', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: /Tom Totp.*account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/connection/);

  await signIn(page, staff.email, staff.password);
  await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();
  await page
    .getByLabel('Verification code')
    .fill('000000' === totp(secret, Date.now()) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This code is not valid.', { exact: false })).toBeVisible();
  // The code of the set-up was used: the next step's code is accepted (one step of drift is allowed).
  await page.getByLabel('Verification code').fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Tom Totp' })).toBeVisible();
});
