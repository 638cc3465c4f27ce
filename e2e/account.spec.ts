import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, signIn } from './support';

test('a staff member edits their profile, changes their password, signs out and signs in again', async ({
  page,
  request,
}) => {
  const staff = await apiSignUp(request, 'Paula Profile');
  await apiCreateOrganization(request, staff.accessToken, 'Profile Org');
  await signIn(page, staff.email, staff.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Paula Profile' })).toBeVisible();

  await page.goto('/profile');
  await page.getByLabel('Your name').fill('Paula Renamed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  // The profile reloads from the API: the new name shows in the account menu and survives a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: /Paula Renamed.*account menu/i })).toBeVisible();

  await page.goto('/edit-password');
  await page.getByLabel('Current password').fill(staff.password);
  await page.getByLabel('New password').fill('a-newer-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: /Paula Renamed.*account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/connection/);

  await signIn(page, staff.email, staff.password);
  await expect(page.getByText('The e-mail address or the password is not right.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-newer-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Paula Renamed' })).toBeVisible();
});

test('a staff member deletes their account', async ({ page, request }) => {
  const staff = await apiSignUp(request, 'Dora Delete');
  await apiCreateOrganization(request, staff.accessToken, 'Short-lived Org');
  await signIn(page, staff.email, staff.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Dora Delete' })).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Enter your password to confirm').fill('wrong password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByText('The password is not right.')).toBeVisible();
  await dialog.getByLabel('Enter your password to confirm').fill(staff.password);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/connection/);

  const signInAgain = await request.post('/api/auth/sign-in', {
    data: { email: staff.email, password: staff.password },
  });
  expect(signInAgain.status()).toBe(400);
});

test('the dashboard has no serious accessibility violation', async ({ page, request }) => {
  const staff = await apiSignUp(request, 'Ada Axe');
  await apiCreateOrganization(request, staff.accessToken, 'Axe Org');
  await signIn(page, staff.email, staff.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Axe' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
});
