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
