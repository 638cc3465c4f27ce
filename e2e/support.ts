import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const DEMO = { email: 'demo@guichet.example', password: 'guichet-demo', name: 'Dana Demo' };
export const DOOR = { email: 'door@guichet.example', password: 'guichet-demo' };

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Fixtures sign up through the API, not the UI (the UI journeys are tested on their own). */
export async function apiSignUp(request: APIRequestContext, displayName = 'E2E Staff') {
  const email = uniqueEmail();
  const password = 'e2e-password';
  const response = await request.post('/api/auth/sign-up', { data: { email, password, displayName } });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { accessToken: string };
  return { email, password, displayName, accessToken: body.accessToken };
}

export type Headers = Record<string, string>;

/** One API call of the fixtures, its status checked. */
export async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Headers,
  data: unknown,
  status: number,
): Promise<T> {
  const response = await request.fetch(url, { method, headers, data: data ?? undefined });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** A ticket as the order detail shows it: the secret only once paid. */
export interface Ticket {
  id: string;
  attendeeName: string | null;
  secret: string | null;
}

export async function apiCreateOrganization(request: APIRequestContext, accessToken: string, name: string) {
  const response = await request.post('/api/organizations', {
    data: { name },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

/** Signs in through the sign-in page. */
export async function signIn(page: Page, email: string, password: string) {
  if (!page.url().includes('/connection')) await page.goto('/connection');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The newest mail to `to` in the development mailbox (the app runs without SMTP in these tests). */
export async function latestMailTo(request: APIRequestContext, to: string) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/mailbox');
      const { items } = (await response.json()) as { items: { to: string; subject: string; text: string }[] };
      found = items.find((mail) => mail.to === to);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/**
 * A colleague invited into the organisation with `permissions`, who accepted after signing up through the
 * API (the invitation's link read from the development mailbox).
 */
export async function apiStaffMember(
  request: APIRequestContext,
  adminHeaders: Headers,
  permissions: string[],
  displayName: string,
) {
  const email = uniqueEmail(permissions.join('-').toLowerCase());
  const password = 'e2e-password';
  await call(request, 'POST', '/api/teams/invitations', adminHeaders, { email, permissions }, 201);
  const token = /\/invitations\/accept\?token=([\w-]+)/.exec((await latestMailTo(request, email)).text)?.[1];
  expect(token).toBeTruthy();
  const person = await call<{ accessToken: string }>(
    request,
    'POST',
    '/api/auth/sign-up',
    {},
    { email, password, displayName },
    201,
  );
  const bearer = { authorization: `Bearer ${person.accessToken}` };
  await call(request, 'POST', `/api/invitations/${token}/accept`, bearer, undefined, 200);
  return { email, password, accessToken: person.accessToken };
}

/** An event in ten days at a venue in Nantes with one ticket type, as the journeys on money need. */
export async function apiEventWithTicketType(
  request: APIRequestContext,
  headers: Headers,
  event: { name: string },
  ticketType: { name: string; priceMinor: number; capacity?: number; vatRateBp?: number },
) {
  const start = Date.now() + 10 * 24 * 60 * 60 * 1000;
  const { id } = await call<{ id: string }>(
    request,
    'POST',
    '/api/events',
    headers,
    {
      name: event.name,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3 * 60 * 60 * 1000).toISOString(),
      timeZone: 'Europe/Paris',
      locationType: 'venue',
      venueName: 'Dock 7',
      venueAddress: 'Quai de la Fosse, Nantes',
    },
    201,
  );
  const detail = await call<{ ticketTypes: { id: string }[] }>(
    request,
    'POST',
    `/api/events/${id}/ticket-types`,
    headers,
    { capacity: 50, ...ticketType },
    201,
  );
  return { eventId: id, ticketTypeId: detail.ticketTypes[0]?.id ?? '' };
}
