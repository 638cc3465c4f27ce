import { expect, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, latestMailTo, signIn, uniqueEmail } from './support';

test('an admin invites a colleague with EVENT, the colleague joins, then gets ALL', async ({
  browser,
  page,
  request,
}) => {
  const admin = await apiSignUp(request, 'Alma Admin');
  await apiCreateOrganization(request, admin.accessToken, 'Cirque Lumière');
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Alma Admin' })).toBeVisible();

  // The admin invites a colleague with EVENT only.
  const colleagueEmail = uniqueEmail('colleague');
  await page.goto('/teams/add');
  await expect(page.getByRole('heading', { name: 'Invite a staff member', level: 1 })).toBeVisible();
  await expect(page.getByText('The door scanner only.')).toBeVisible();
  await page.getByLabel('E-mail address of the person to invite').fill(colleagueEmail);
  await page.getByRole('checkbox', { name: 'Events' }).check();
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByText(`Invitation sent to ${colleagueEmail}.`)).toBeVisible();
  const pending = page.getByRole('listitem').filter({ hasText: colleagueEmail });
  await expect(pending.getByText('Invited', { exact: true })).toBeVisible();

  // The colleague opens the link from the e-mail, registers and accepts.
  const mail = await latestMailTo(request, colleagueEmail);
  const link = /https?:\/\/[^/\s]+(\/invitations\/accept\?token=[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link!);
  await expect(colleague.getByRole('heading', { name: 'Join Cirque Lumière' })).toBeVisible();
  await colleague.getByRole('link', { name: 'Create my account' }).click();
  await expect(colleague).toHaveURL(/\/regs8df0s9dfsd\?next=/);
  await colleague.getByLabel('Your name').fill('Colin Colleague');
  // The invited address is filled in and fixed: the invitation is accepted with it.
  await expect(colleague.getByLabel('E-mail address')).toHaveValue(colleagueEmail);
  await expect(colleague.getByLabel('E-mail address')).toHaveAttribute('readonly', '');
  await colleague.getByRole('textbox', { name: 'Password', exact: true }).fill('a fine password');
  await colleague.getByRole('button', { name: 'Create my account' }).click();
  await expect(colleague.getByRole('heading', { name: 'Join Cirque Lumière' })).toBeVisible();
  await colleague.getByRole('button', { name: 'Accept and join' }).click();

  // EVENT opens Events, and nothing of Teams or Settings.
  await expect(colleague).toHaveURL(/\/events$/);
  await expect(colleague.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await colleague.goto('/teams');
  await expect(colleague).toHaveURL(/\/events$/);
  await colleague.goto('/settings');
  await expect(colleague).toHaveURL(/\/events$/);
  await expect(colleague.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();

  // The admin widens the colleague's permissions to ALL.
  await page.reload();
  await page.getByRole('link', { name: 'Colin Colleague' }).first().click();
  await expect(page.getByRole('heading', { name: 'Colin Colleague', level: 1 })).toBeVisible();
  await expect(page.getByText(/Joined with Events/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Everything (administrator)' }).check();
  await page.getByRole('button', { name: 'Save permissions' }).click();
  await expect(page.getByText('Permissions saved.', { exact: false })).toBeVisible();
  await expect(
    page.getByText('Permissions changed from Events to Events, Everything (administrator)'),
  ).toBeVisible();

  // The colleague's next navigation reflects it.
  await colleague.goto('/teams');
  await expect(colleague).toHaveURL(/\/teams$/);
  await expect(colleague.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(colleague.getByRole('link', { name: 'Alma Admin' })).toBeVisible();
  await colleagueContext.close();
});

test('the last administrator cannot be demoted from the member page', async ({ page, request }) => {
  const admin = await apiSignUp(request, 'Lone Admin');
  await apiCreateOrganization(request, admin.accessToken, 'Solo Org');
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Lone Admin' })).toBeVisible();
  await page.goto('/teams');
  await page.getByRole('link', { name: 'Lone Admin' }).first().click();
  await page.getByRole('checkbox', { name: 'Everything (administrator)' }).uncheck();
  await page.getByRole('checkbox', { name: 'Events' }).check();
  await page.getByRole('button', { name: 'Save permissions' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is the last administrator' })).toBeVisible();
});
