import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiCreateOrganization, apiSignUp, signIn } from './support';

test('an administrator makes an API token and a webhook on the integrations page', async ({
  page,
  request,
}) => {
  // A receiver on this machine for the webhook's test send.
  const received: string[] = [];
  const receiver = createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk) => {
      body += chunk;
    });
    incoming.on('end', () => {
      received.push(body);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  try {
    const admin = await apiSignUp(request, 'Ines Integrator');
    await apiCreateOrganization(request, admin.accessToken, `Integrations Co ${Date.now().toString(36)}`);
    await signIn(page, admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Welcome, Ines Integrator' })).toBeVisible();

    await page.goto('/settings');
    await page.getByRole('link', { name: 'Open the integrations' }).click();
    await expect(page).toHaveURL(/\/settings\/integrations$/);
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: '/api/docs' })).toHaveAttribute('href', '/api/docs');

    // A token with the events permission, shown once.
    await page.getByRole('button', { name: 'New token' }).click();
    await page.getByLabel('Name').fill('CRM sync');
    await page.getByRole('checkbox', { name: 'Events' }).check();
    await page.getByRole('button', { name: 'Create the token' }).click();
    const secret = (await page.getByTestId('api-token-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^gch_/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByText('CRM sync', { exact: true })).toBeVisible();

    const asToken = { authorization: `Bearer ${secret}` };
    expect((await request.get('/api/events', { headers: asToken })).status()).toBe(200);
    expect((await request.get('/api/customers', { headers: asToken })).status()).toBe(403);

    await page.getByRole('button', { name: 'Revoke the token CRM sync' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Revoked')).toBeVisible();
    expect((await request.get('/api/events', { headers: asToken })).status()).toBe(401);

    // A webhook endpoint: its secret shown once, a test send, the delivery in the log.
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    await page.getByLabel('URL').fill(receiverUrl);
    await page.getByRole('checkbox', { name: 'Order created' }).check();
    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    await expect(page.getByTestId('webhook-secret')).toContainText('whsec_');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByText(receiverUrl)).toBeVisible();
    await page.getByRole('button', { name: 'Send a test' }).click();
    await page.getByRole('button', { name: 'Delivery log' }).click();
    await expect(page.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
    expect(received.some((body) => body.includes('"type":"webhook.test"'))).toBe(true);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
