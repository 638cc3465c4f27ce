import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './support';

/**
 * Third-party sign-in (OpenID Connect) in the browser, against a real provider (oidc-provider with its
 * development login and consent pages, started by playwright.config.ts as "Test ID").
 */
const PROVIDER_BUTTON = { name: 'Continue with Test ID' };

test.beforeEach(async ({ context }) => {
  // The provider's development pages import a web font: nothing leaves the machine.
  await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
});

/** Logs in as `login` on the provider's pages (login, then consent), in `page` (the popup or the tab). */
async function signInAtProvider(page: Page, login: string) {
  const loginField = page.locator('input[name="login"]');
  await expect(loginField).toBeVisible();
  expect(new URL(page.url()).origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await loginField.fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a newcomer signs in with a third-party account in a 500×600 popup', async ({ page, context }) => {
  const email = uniqueEmail('oidc-popup');
  await page.goto('/connection');
  const button = page.getByRole('button', PROVIDER_BUTTON);
  await expect(button).toBeVisible();

  const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await popup.waitForLoadState('domcontentloaded');
  // The popup's window has the size the sign-in page asked for (spec §9).
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([500, 600]);

  await signInAtProvider(popup, email);
  // The end page hands the result to the sign-in page and closes its window.
  await expect.poll(() => popup.isClosed()).toBe(true);

  // The account was created from the provider's verified e-mail and is signed in: on to the back office.
  await expect(page).toHaveURL(/\/create-organization/);
  await expect(page.getByRole('heading', { name: 'Create your organisation' })).toBeVisible();
  await page.getByLabel('Organisation name').fill('Popup Org');
  await page.getByRole('button', { name: 'Create the organisation' }).click();
  const name = email
    .split('@')[0]!
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  await expect(page.getByRole('heading', { name: `Welcome, ${name.join(' ')}` })).toBeVisible();

  // Next time, the same third-party account signs in to the same account, straight to its organisation.
  await page.context().clearCookies({ domain: 'localhost' });
  await page.evaluate(() => localStorage.clear());
  await page.goto('/connection');
  const [again] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', PROVIDER_BUTTON).click(),
  ]);
  // Still signed in at the provider, which remembers the consent: the popup goes there and back at once.
  await expect.poll(() => again.isClosed()).toBe(true);
  await expect(page.getByRole('heading', { name: `Welcome, ${name.join(' ')}` })).toBeVisible();
});

test('where popups are blocked, the sign-in goes to the provider and back in the same tab', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/connection');
  await page.getByRole('button', PROVIDER_BUTTON).click();

  await signInAtProvider(page, 'oidc-user');
  await expect(page).toHaveURL(/\/create-organization/);
  await expect(page.getByRole('heading', { name: 'Create your organisation' })).toBeVisible();
});

test('closing the popup before signing in finishes says so', async ({ page, context }) => {
  await page.goto('/connection');
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', PROVIDER_BUTTON).click(),
  ]);
  await expect(popup.locator('input[name="login"]')).toBeVisible();
  await popup.close();
  // The sign-in page waits a little for a result still on its way, then gives up.
  await expect(page.getByText('The sign-in window was closed before signing in finished.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/connection/);
  await expect(page.getByRole('button', PROVIDER_BUTTON)).toBeEnabled();
});
