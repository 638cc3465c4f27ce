import { expect, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, DEMO, DOOR, signIn } from './support';

test('the organisation switcher changes organisation, and the choice survives a reload', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();
  const switcher = page.getByLabel('Switch organisation');
  await expect(switcher).toHaveValue(/.+/);
  await expect(switcher.locator('option:checked')).toHaveText('Demo Events');

  // In Riverside Festival the demo account holds EVENT + FINANCE only: the dashboard is not theirs,
  // so they are sent to the first page they may open, and Team/Settings leave the navigation.
  await switcher.selectOption({ label: 'Riverside Festival' });
  await expect(page).toHaveURL(/\/events$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Finances' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Team' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Switch organisation').locator('option:checked')).toHaveText(
    'Riverside Festival',
  );
  const cookies = await page.context().cookies();
  const orgCookie = cookies.find((cookie) => cookie.name === 'guichet_org');
  expect(orgCookie?.path).toBe('/');

  // A page they may not open sends them to the first page they may open, which tells them why.
  await page.goto('/teams');
  await expect(page).toHaveURL(/\/events$/);
  const notice = page.getByRole('status').filter({ hasText: 'You cannot open “Team”' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Everything (administrator)');
  await notice.getByRole('button', { name: 'Close this notice' }).click();
  await expect(notice).toHaveCount(0);
  // The event page's breadcrumbs do not offer the dashboard, which they may not open.
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveCount(0);
  await page.goto('/settings/company');
  await expect(page).toHaveURL(/\/events$/);
  await page.goto('/finances');
  await expect(page.getByRole('heading', { name: 'Finances', level: 1 })).toBeVisible();

  await page.getByLabel('Switch organisation').selectOption({ label: 'Demo Events' });
  await page.goto('/teams');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
});

test('staff whose only permission is SCAN land on the scanner and are offered to create an organisation', async ({
  page,
}) => {
  await signIn(page, DOOR.email, DOOR.password);
  await expect(page).toHaveURL(/\/scan/);
  await page.goto('/events');
  await expect(page).toHaveURL(/\/scan/);
  await page.getByRole('link', { name: 'Create an organisation' }).click();
  await expect(page).toHaveURL(/\/create-organization/);
  await expect(
    page.getByText('Your access to other organisations is limited to scanning tickets at the door.'),
  ).toBeVisible();
});

test('on a phone the navigation opens from a burger menu', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Events' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await context.close();
});

test('creating a second organisation selects it, and it stays selected after a reload', async ({
  page,
  request,
}) => {
  const person = await apiSignUp(request, 'Olivia Owner');
  await apiCreateOrganization(request, person.accessToken, 'First Theatre');
  await signIn(page, person.email, person.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Olivia Owner' })).toBeVisible();

  await page.goto('/create-organization');
  await page.getByLabel('Organisation name').fill('Second Festival');
  await page.getByRole('button', { name: 'Create the organisation' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Olivia Owner' })).toBeVisible();
  await expect(page.getByLabel('Switch organisation').locator('option:checked')).toHaveText(
    'Second Festival',
  );
  await page.reload();
  await expect(page.getByLabel('Switch organisation').locator('option:checked')).toHaveText(
    'Second Festival',
  );
});
