import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookDeliveries, webhookEndpoints } from '@guichet/db/schema/integrations';
import type { WebhookSecret } from '@guichet/shared/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newTeam, orgHeaders, type Team } from '../../../test/support/teams';
import { checkWebhookUrl, isPrivateAddress, publicOnlyLookup } from './webhook-address';
import { WebhookWorker } from './webhook-worker';

/**
 * Webhook URLs never reach the machine or its private networks (decision 034): refused when saved, and
 * checked again when delivered against DNS rebinding. Tests and development allow private addresses by
 * configuration (`WEBHOOKS_ALLOW_PRIVATE`), never the default.
 */

const PRIVATE = [
  '127.0.0.1',
  '127.255.255.254',
  '10.1.2.3',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '100.127.255.255',
  '0.0.0.0',
  '224.0.0.251',
  '255.255.255.255',
  '::',
  '::1',
  'fe80::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:a9fe:a9fe',
  '64:ff9b::10.0.0.1',
];
const PUBLIC = [
  '93.184.215.14',
  '8.8.8.8',
  '100.128.0.1',
  '172.32.0.1',
  '2606:4700:4700::1111',
  '::ffff:8.8.8.8',
];

describe('private addresses', () => {
  it('tells private, loopback, link-local, CGNAT, multicast and unspecified addresses from public ones', () => {
    expect(PRIVATE.filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(PUBLIC.filter((address) => isPrivateAddress(address))).toEqual([]);
  });

  it('refuses URLs written with decimal, octal, hexadecimal and IPv4-mapped forms of a private address', async () => {
    const never = async () => {
      throw new Error('an address needs no DNS');
    };
    for (const url of [
      'http://2130706433/hooks',
      'http://0177.0.0.1/hooks',
      'http://0x7f.1/hooks',
      'http://127.1/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[::1]:8443/hooks',
      'http://[fe80::1]/',
      'http://0/',
    ]) {
      expect((await checkWebhookUrl(url, never)).ok, url).toBe(false);
    }
    expect((await checkWebhookUrl('https://93.184.215.14/hooks', never)).ok).toBe(true);
  });

  it('refuses a name that resolves, even in part, to a private address, or does not resolve', async () => {
    const dns = (answers: Record<string, string[]>) => async (host: string) => {
      const found = answers[host];
      if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    const resolve = dns({
      'hooks.example.org': ['93.184.215.14'],
      'mixed.example.org': ['93.184.215.14', '10.0.0.7'],
      'inside.example.org': ['fd00::7'],
    });
    expect(await checkWebhookUrl('https://hooks.example.org/in', resolve)).toEqual({ ok: true });
    expect((await checkWebhookUrl('https://mixed.example.org/in', resolve)).ok).toBe(false);
    expect((await checkWebhookUrl('https://inside.example.org/in', resolve)).ok).toBe(false);
    expect((await checkWebhookUrl('https://nowhere.example.org/in', resolve)).ok).toBe(false);
  });

  it('hands the socket only the addresses it checked, and refuses a rebinding answer', async () => {
    const answers = [['93.184.215.14'], ['127.0.0.1']];
    let call = 0;
    const lookup = publicOnlyLookup(async () =>
      (answers[call++] ?? []).map((address) => ({ address, family: 4 })),
    );
    const ask = (all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
        lookup('hooks.example.org', { all }, (error, address) => resolve({ error, address })),
      );
    expect(await ask(true)).toEqual({ error: null, address: [{ address: '93.184.215.14', family: 4 }] });
    const rebound = await ask(false);
    expect(rebound.error?.code).toBe('EPRIVATEADDRESS');
  });
});

describe('webhook URLs through the API, private addresses not allowed', () => {
  let t: TestContext;
  let team: Team;
  let receiver: Server;
  let port = 0;
  let hits = 0;

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'false' });
    team = await newTeam(t.app, 'Private Org');
    receiver = createServer((_request, response) => {
      hits += 1;
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
    await t?.close();
  });

  const save = (method: 'POST' | 'PATCH', url: string, path = '/api/integrations/webhooks') =>
    t.app.inject({
      method,
      url: path,
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
      payload: method === 'POST' ? { url, eventTypes: ['order.created'] } : { url },
    });

  it('refuses to save one that reaches a private address (400 webhook-url-not-allowed)', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/hooks`,
      'http://localhost/hooks',
      'http://2130706433/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/hooks',
    ]) {
      const refused = await save('POST', url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.code).toBe('webhook-url-not-allowed');
    }
    const endpoints = await t.app.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organizationId, team.organizationId));
    expect(endpoints).toEqual([]);
  });

  it('saves a public one, and refuses to change it to a private one', async () => {
    const saved = await save('POST', 'https://93.184.215.14/hooks');
    expect(saved.statusCode, saved.body).toBe(201);
    const { endpoint } = saved.json<WebhookSecret>();
    const changed = await save(
      'PATCH',
      `http://127.0.0.1:${port}/hooks`,
      `/api/integrations/webhooks/${endpoint.id}`,
    );
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.code).toBe('webhook-url-not-allowed');
  });

  it('refuses at delivery a URL that reaches a private address by now, sending nothing', async () => {
    const saved = await save('POST', 'https://93.184.215.14/hooks');
    const { endpoint } = saved.json<WebhookSecret>();
    // As if the name had been rebound to the machine itself since it was saved.
    for (const url of [`http://localhost:${port}/hooks`, `http://127.0.0.1:${port}/hooks`]) {
      await t.app.ctx.db.update(webhookEndpoints).set({ url }).where(eq(webhookEndpoints.id, endpoint.id));
      const test = await t.app.inject({
        method: 'POST',
        url: `/api/integrations/webhooks/${endpoint.id}/test`,
        headers: orgHeaders(team.admin.accessToken, team.organizationId),
      });
      expect(test.statusCode, test.body).toBe(202);
      await t.app.webhooks.drain();
    }
    expect(hits).toBe(0);
    const attempts = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) {
      expect(attempt.responseStatus).toBeNull();
      expect(attempt.lastError).toMatch(/private/);
    }
  });

  it('delivers to the same receiver when configuration allows private addresses', async () => {
    const saved = await save('POST', 'https://93.184.215.14/hooks');
    const { endpoint } = saved.json<WebhookSecret>();
    await t.app.ctx.db
      .update(webhookEndpoints)
      .set({ url: `http://localhost:${port}/hooks` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/webhooks/${endpoint.id}/test`,
      headers: orgHeaders(team.admin.accessToken, team.organizationId),
    });
    expect(test.statusCode, test.body).toBe(202);
    const allowing = new WebhookWorker(t.app.ctx.db, t.app.log, { allowPrivate: true });
    await allowing.drain();
    expect(hits).toBe(1);
  });
});
