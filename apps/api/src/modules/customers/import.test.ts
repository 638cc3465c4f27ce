import { customerConsents } from '@guichet/db/schema/customers';
import type { CustomerImport } from '@guichet/shared/customer-records';
import type { CustomerPage } from '@guichet/shared/customers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxOffice, customersSnapshot } from '../../../test/support/customers';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';
import { orgHeaders } from '../../../test/support/teams';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

function upload(shop: Shop, query: string, body: string | Buffer) {
  return t.app.inject({
    method: 'POST',
    url: `/api/customer-imports?${query}`,
    headers: { ...orgHeaders(shop.admin.accessToken, shop.organizationId), 'content-type': 'text/csv' },
    payload: body,
  });
}

/** Uploads, then polls the job as the page does until it is over. */
async function imported(shop: Shop, query: string, body: string | Buffer): Promise<CustomerImport> {
  const started = await upload(shop, query, body);
  expect(started.statusCode, started.body).toBe(202);
  const { id } = started.json<CustomerImport>();
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const polled = await shop.call('GET', `/api/customer-imports/${id}`);
    expect(polled.statusCode, polled.body).toBe(200);
    const state = polled.json<CustomerImport>();
    if (state.status !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('import did not finish');
}

const MIXED = [
  'E-mail;Name;Phone;Tags;Newsletter',
  'ada@example.com;Ada Lovelace;+44 20 7946 0000;vip, press;yes',
  'ADA@example.com;Ada again;;;no',
  'not-an-address;Nobody;;;',
  'eve@example.com;=HYPERLINK("http://evil");;;',
  'short@example.com;Short',
  'kim@example.com;Kim;;;maybe',
  'known@example.com;Known Person;;regular;no',
  '',
].join('\r\n');
const MAPPING =
  'email=0&name=1&phone=2&tags=3&consent=4&consentSource=Newsletter%20form%20at%20the%202026%20fair';

describe('importing customers from CSV', () => {
  it('a dry run lists each bad row with why and writes nothing; the import then writes the good rows', async () => {
    const shop = await newShop(t.app);
    await boxOffice(shop, { name: 'Known Buyer', email: 'known@example.com' });
    const before = await customersSnapshot(t.app, shop.organizationId);
    const dry = await imported(shop, `${MAPPING}&dryRun=true`, MIXED);
    expect(dry).toMatchObject({ status: 'done', dryRun: true, rows: 7, created: 1, updated: 1, rejected: 5 });
    expect(dry.errors).toEqual([
      { row: 3, field: 'email', reason: 'duplicate' },
      { row: 4, field: 'email', reason: 'invalid-email' },
      { row: 5, field: 'name', reason: 'formula' },
      { row: 6, field: null, reason: 'missing-columns' },
      { row: 7, field: 'consent', reason: 'invalid-consent' },
    ]);
    expect(await customersSnapshot(t.app, shop.organizationId)).toEqual(before);

    const list = (await shop.call('POST', '/api/member-lists', { name: 'Fair 2026' })).json<{ id: string }>();
    const done = await imported(shop, `${MAPPING}&listId=${list.id}`, MIXED);
    expect(done).toMatchObject({
      status: 'done',
      dryRun: false,
      rows: 7,
      created: 1,
      updated: 1,
      rejected: 5,
    });
    const page = (await shop.call('GET', '/api/customers?sort=email&direction=asc')).json<CustomerPage>();
    expect(page.items.map((item) => [item.email, item.name, item.phone, item.tags, item.consent])).toEqual([
      ['ada@example.com', 'Ada Lovelace', '+44 20 7946 0000', ['press', 'vip'], 'granted'],
      // A known person keeps their name and gains the tag; their "no" is recorded as a withdrawal.
      ['known@example.com', 'Known Buyer', null, ['regular'], 'withdrawn'],
    ]);
    const consents = await t.app.ctx.db
      .select()
      .from(customerConsents)
      .where(eq(customerConsents.organizationId, shop.organizationId));
    expect(consents.map((row) => [row.source, row.wording])).toEqual([
      ['import', 'Newsletter form at the 2026 fair'],
      ['import', 'Newsletter form at the 2026 fair'],
    ]);
    const members = (await shop.call('GET', `/api/member-lists/${list.id}/members`)).json<{
      items: unknown[];
    }>();
    expect(members.items).toHaveLength(2);
  });

  it('refuses consent without a stated source, an unknown list, and a body that is not a file', async () => {
    const shop = await newShop(t.app);
    const noSource = await upload(shop, 'email=0&consent=1', 'a@example.com;yes\n');
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json().error.code).toBe('argument-error');
    expect(noSource.body).toContain('consentSource');
    const noList = await upload(shop, `email=0&listId=${crypto.randomUUID()}`, 'a@example.com\n');
    expect(noList.statusCode).toBe(404);
    const noMapping = await upload(shop, 'name=1', 'a@example.com\n');
    expect(noMapping.statusCode).toBe(400);
    const json = await shop.call('POST', '/api/customer-imports?email=0', { rows: [] });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('takes a file sent over HTTP as a browser sends it', async () => {
    const shop = await newShop(t.app);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/customer-imports?email=0&name=1&dryRun=true`, {
      method: 'POST',
      headers: { ...orgHeaders(shop.admin.accessToken, shop.organizationId), 'content-type': 'text/csv' },
      body: new Blob(['E-mail;Name\na@example.com;A\n'], { type: 'text/csv' }),
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const { id } = (await response.json()) as CustomerImport;
    expect((await shop.call('GET', `/api/customer-imports/${id}`)).statusCode).toBe(200);
  });

  it('reads Latin-1 and UTF-16 files, and a file of nothing', async () => {
    const shop = await newShop(t.app);
    const latin1 = Buffer.from('email,name\nzoe@example.com,Zoë Müller-Çelik\n', 'latin1');
    expect(await imported(shop, 'email=0&name=1', latin1)).toMatchObject({
      status: 'done',
      encoding: 'windows-1252',
      created: 1,
    });
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('email\tname\r\nleo@example.com\tLéo Ñandú\r\n', 'utf16le'),
    ]);
    expect(await imported(shop, 'email=0&name=1', utf16)).toMatchObject({
      status: 'done',
      encoding: 'utf-16le',
      created: 1,
    });
    const page = (await shop.call('GET', '/api/customers?sort=email&direction=asc')).json<CustomerPage>();
    expect(page.items.map((item) => item.name)).toEqual(['Léo Ñandú', 'Zoë Müller-Çelik']);
    expect(await imported(shop, 'email=0', '')).toMatchObject({ status: 'done', rows: 0, created: 0 });
    const binary = Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00, 0x10, 0x0a, 0x80, 0x81]);
    const garbage = await imported(shop, 'email=0&header=false', binary);
    expect(garbage.status).toBe('done');
    expect(garbage.created).toBe(0);
  });

  it('takes 50,000 rows while the API keeps answering', { timeout: 600_000 }, async () => {
    const shop = await newShop(t.app);
    const lines = ['email,name,tags'];
    for (let i = 0; i < 50_000; i += 1) {
      // Every thousandth row is broken in a different way.
      if (i % 1000 === 1) lines.push(`broken-${i},Nobody,`);
      else if (i % 1000 === 2) lines.push(`person-${i - 2}@example.com,Again,`);
      else lines.push(`person-${i}@example.com,"Person ${i}, Jr",season`);
    }
    const started = await upload(shop, 'email=0&name=1&tags=2', lines.join('\n'));
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<CustomerImport>();
    let state = started.json<CustomerImport>();
    let answeredWhileRunning = 0;
    let seenProgress = false;
    while (state.status === 'running') {
      // A client's next request arrives through the network, after the event loop's turn; injected
      // requests answered without any I/O (the embedded database, token checks remembered) would
      // otherwise never let the import's file reads run.
      await new Promise((resolve) => setImmediate(resolve));
      const other = await shop.call('GET', '/api/customers?limit=5');
      expect(other.statusCode).toBe(200);
      const polled = await shop.call('GET', `/api/customer-imports/${id}`);
      state = polled.json<CustomerImport>();
      if (state.status === 'running') {
        answeredWhileRunning += 1;
        if (state.processedBytes > 0 && state.processedBytes < state.sizeBytes) seenProgress = true;
      }
    }
    expect(state).toMatchObject({ status: 'done', rows: 50_000, rejected: 100, created: 49_900 });
    expect(state.errors.filter((error) => error.reason === 'invalid-email')).toHaveLength(50);
    expect(state.errors.filter((error) => error.reason === 'duplicate')).toHaveLength(50);
    expect(answeredWhileRunning).toBeGreaterThan(0);
    expect(seenProgress).toBe(true);
  });
});
