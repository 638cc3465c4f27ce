import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO, latestMailTo, signIn, uniqueEmail } from './support';

test('a visitor opening a protected page lands on /connection, signs in and returns there', async ({
  page,
}) => {
  await page.goto('/events');
  await expect(page).toHaveURL(/\/connection\?next=%2Fevents/);
  await expect(page.getByRole('heading', { name: 'Sign in to Guichet' })).toBeVisible();

  await signIn(page, DEMO.email, 'not-the-password');
  await expect(page.getByText('The e-mail address or the password is not right.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
});

test('sign-in page links to registration, password recovery and the terms', async ({ page }) => {
  await page.goto('/connection');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/regs8df0s9dfsd/);
  await page.goto('/connection');
  await page.getByRole('link', { name: 'Forgotten password?' }).click();
  await expect(page).toHaveURL(/\/password-forgotten/);
  await page.goto('/connection');
  await page.getByRole('link', { name: 'Terms of service' }).click();
  await expect(page).toHaveURL(/\/term-of-services/);
  await expect(page.getByRole('heading', { name: 'Terms of service', level: 1 })).toBeVisible();
});

test('a new staff member registers, creates an organisation and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/regs8df0s9dfsd');
  await page.getByLabel('Your name').fill('Rita Register');
  await page.getByLabel('E-mail address').fill(email);
  // The live checklist follows the password policy served by the API (minimum length 6).
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText(/at least 6 characters/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/regs8df0s9dfsd/);

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a fine password');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/create-organization/);

  await page.getByLabel('Organisation name').fill('Rita’s Jazz Club');
  await page.getByRole('button', { name: 'Create the organisation' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Rita Register' })).toBeVisible();
  // Default layout: main navigation with every page an ALL holder may open.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Team' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
});

test('password forgotten: a code by e-mail sets a new password', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  const signUp = await request.post('/api/auth/sign-up', {
    data: { email, password: 'old-password', displayName: 'Rex Reset' },
  });
  expect(signUp.status()).toBe(201);

  await page.goto('/password-forgotten');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  const mail = await latestMailTo(request, email);
  const code = /Your code: ([A-Z0-9]+)/.exec(mail.text)?.[1];
  expect(code).toBeTruthy();

  await page.goto(`/reset-password?code=${code}`);
  await expect(page.getByLabel('Code from the e-mail')).toHaveValue(code!);
  await page.getByLabel('New password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password has been changed. Sign in with the new one.')).toBeVisible();

  await signIn(page, email, 'brand-new-password');
  await expect(page).toHaveURL(/\/create-organization/);
});

test('the sign-in page switches to French and remembers it', async ({ page }) => {
  await page.goto('/connection');
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.getByLabel('Langue').selectOption('en');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

for (const path of ['/connection', '/regs8df0s9dfsd']) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
}
