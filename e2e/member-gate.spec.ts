import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, latestMailTo, signIn, uniqueEmail } from './support';

const ORG = 'demo-events';
const EVENT = 'jazz-on-the-seine';
const EVENT_PAGE = `/e/${ORG}/${EVENT}`;
/** Camille is on the demo's friends' list (seed/demo-customers.ts), valid all this year. */
const MEMBER = 'camille.laurent@example.fr';

/** The demo's jazz evening, found through the staff API. */
async function jazzEventId(request: APIRequestContext): Promise<string> {
  const signedIn = await request.post('/api/auth/sign-in', {
    data: { email: DEMO.email, password: DEMO.password },
  });
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  const authorization = `Bearer ${accessToken}`;
  const me = (await (await request.get('/api/staffs/me', { headers: { authorization } })).json()) as {
    staffOrganization: { organization: { id: string; name: string } }[];
  };
  const organization = me.staffOrganization.find((item) => item.organization.name === 'Demo Events');
  const headers = { authorization, 'x-organization-id': organization!.organization.id };
  const events = (await (await request.get('/api/events?q=Jazz', { headers })).json()) as {
    items: { id: string; slug: string }[];
  };
  return events.items.find((item) => item.slug === EVENT)!.id;
}

test('staff restrict a ticket type to a member list; a listed buyer buys with the mailed code, an unlisted one is refused', async ({
  page,
  request,
}) => {
  const typeName = `Friends only ${Date.now().toString(36)}`;
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();
  await page.goto(`/events/${await jazzEventId(request)}`);

  // The ticket-type form: members only, the friends' list, one per member.
  await page.getByRole('button', { name: 'Add a ticket type' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a ticket type' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(typeName);
  await dialog.getByRole('textbox', { name: 'Price' }).fill('0');
  await dialog.getByRole('textbox', { name: 'Capacity' }).fill('20');
  await dialog.getByRole('radio', { name: 'Members only' }).check();
  await dialog.getByLabel('Member lists').click();
  await page.getByRole('option', { name: 'Friends of Demo Events' }).click();
  await dialog.getByRole('textbox', { name: 'Maximum per member' }).fill('1');
  await dialog.getByRole('button', { name: 'Add the ticket type' }).click();
  await expect(dialog).toBeHidden();

  // The public page marks it; the checkout asks for the code.
  await page.goto(EVENT_PAGE);
  const row = page.getByRole('article', { name: typeName });
  await expect(row.getByText(/^Members only/)).toBeVisible();
  await row.getByRole('button', { name: `One ticket more: ${typeName}` }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your details', level: 2 })).toBeFocused();

  // An address on no list: the same answer, no mail, and a typed code is refused.
  const stranger = uniqueEmail('stranger');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Sid Stranger');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(stranger);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(`If ${stranger} is on a members list, a code is on its way.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill('123456');
  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page.getByText('This code is not valid for this address.').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${EVENT_PAGE}$`));
  const mailbox = (await (await request.get('/api/dev/mailbox')).json()) as { items: { to: string }[] };
  expect(mailbox.items.filter((mail) => mail.to === stranger)).toEqual([]);

  // A listed member gets the code by e-mail and buys.
  await page.getByRole('textbox', { name: 'Full name' }).fill('Camille Laurent');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(MEMBER);
  await page.getByRole('button', { name: 'Send a new code' }).click();
  const mail = await latestMailTo(request, MEMBER);
  const code = /: (\d{6})/.exec(mail.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code!);
  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page).toHaveURL(/\/checkout\/firebase\?order=[A-Z0-9-]+$/);
  await expect(page.getByText('Confirmed')).toBeVisible();
});
