import { expect, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, signIn } from './support';

test('an unknown route shows Page Not Found with a way back to the start', async ({ page, request }) => {
  const staff = await apiSignUp(request, 'Nora NotFound');
  await apiCreateOrganization(request, staff.accessToken, 'Lost Org');
  await signIn(page, staff.email, staff.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Nora NotFound' })).toBeVisible();
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page
    .getByRole('link', { name: 'Go back to the start page' })
    .or(page.getByRole('button', { name: 'Go back to the start page' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('a 401 from the API wipes the session, goes to /connection and reloads', async ({ page, request }) => {
  const staff = await apiSignUp(request, 'Walt Wipe');
  await apiCreateOrganization(request, staff.accessToken, 'Wipe Org');
  await signIn(page, staff.email, staff.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Walt Wipe' })).toBeVisible();

  // The account disappears behind the app's back: its token now gets 401 on the next call.
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('guichet.session') ?? '{}').token as string,
  );
  const deleted = await request.delete('/api/auth/account', {
    data: { password: staff.password },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(deleted.status()).toBe(204);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/connection/);
  const stored = await page.evaluate(() => localStorage.getItem('guichet.session'));
  expect(stored === null || JSON.parse(stored).token === null).toBe(true);
});

test('an unhandled error shows the error screen, but not to bots', async ({ browser, request }) => {
  const staff = await apiSignUp(request, 'Eve Error');
  await apiCreateOrganization(request, staff.accessToken, 'Error Org');

  for (const [userAgent, expectScreen] of [
    [undefined, true],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', false],
  ] as const) {
    const context = await browser.newContext(userAgent ? { userAgent } : {});
    const page = await context.newPage();
    await signIn(page, staff.email, staff.password);
    await expect(page.getByRole('heading', { name: 'Welcome, Eve Error' })).toBeVisible();
    // A broken answer from the server makes the page fail while rendering.
    await page.route('**/api/staffs/me', (route) =>
      route.fulfill({ status: 200, json: { staffOrganization: 42 } }),
    );
    await page.reload();
    const screen = page.getByRole('heading', { name: 'Something went wrong' });
    if (expectScreen) {
      await expect(screen).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    } else {
      await page.waitForTimeout(1500);
      await expect(screen).toHaveCount(0);
    }
    await context.close();
  }
});
