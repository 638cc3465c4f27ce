import http from 'node:http';
import { PassThrough } from 'node:stream';
import { customerImports } from '@guichet/db/schema/customer-records';
import { idempotentAnswers } from '@guichet/db/schema/integrations';
import type { CustomerImport } from '@guichet/shared/customer-records';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';
import { orgHeaders } from '../../../test/support/teams';

/**
 * `Idempotency-Key` on the CSV import (decision 034): the key is claimed before the streamed file is read
 * and the file hashed as it is read, so a repeat gives the same import without starting a second.
 */
let t: TestContext;
let shop: Shop;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await newShop(t.app);
});
afterAll(async () => t.close());

const MAPPING = 'email=0&name=1&header=false';
const csv = (...people: string[]) =>
  `${people.map((person) => `${person}@example.com;${person}`).join('\n')}\n`;

function upload(body: string | PassThrough, key?: string, options: { of?: Shop; query?: string } = {}) {
  const of = options.of ?? shop;
  return t.app.inject({
    method: 'POST',
    url: `/api/customer-imports?${options.query ?? MAPPING}`,
    headers: {
      ...orgHeaders(of.admin.accessToken, of.organizationId),
      'content-type': 'text/csv',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: body,
  });
}

async function importCount(organizationId = shop.organizationId): Promise<number> {
  const rows = await t.app.ctx.db
    .select({ id: customerImports.id })
    .from(customerImports)
    .where(eq(customerImports.organizationId, organizationId));
  return rows.length;
}

async function claimed(key: string): Promise<boolean> {
  const rows = await t.app.ctx.db
    .select({ key: idempotentAnswers.key })
    .from(idempotentAnswers)
    .where(and(eq(idempotentAnswers.organizationId, shop.organizationId), eq(idempotentAnswers.key, key)));
  return rows.length === 1;
}

async function finished(id: string, of: Shop = shop): Promise<CustomerImport> {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const polled = await of.call('GET', `/api/customer-imports/${id}`);
    const state = polled.json<CustomerImport>();
    if (state.status !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('import did not finish');
}

describe('Idempotency-Key on the CSV import', () => {
  it('gives the same import (same id) to a repeat with the same file, without a second import', async () => {
    const file = csv('ann', 'bob', 'cyd');
    const key = crypto.randomUUID();
    const before = await importCount();
    const first = await upload(file, key);
    expect(first.statusCode, first.body).toBe(202);
    const started = first.json<CustomerImport>();
    expect((await finished(started.id)).created).toBe(3);
    const again = await upload(file, key);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await importCount()).toBe(before + 1);
    const [stored] = await t.app.ctx.db
      .select({ fingerprint: idempotentAnswers.fingerprint })
      .from(idempotentAnswers)
      .where(and(eq(idempotentAnswers.organizationId, shop.organizationId), eq(idempotentAnswers.key, key)));
    expect(stored?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses the key with another file (422) or another mapping (422), starting nothing', async () => {
    const key = crypto.randomUUID();
    expect((await upload(csv('dee'), key)).statusCode).toBe(202);
    const before = await importCount();
    const otherFile = await upload(csv('eve'), key);
    expect(otherFile.statusCode).toBe(422);
    expect(otherFile.json().error.code).toBe('idempotency-key-reused');
    const otherMapping = await upload(csv('dee'), key, { query: `${MAPPING}&dryRun=true` });
    expect(otherMapping.statusCode).toBe(422);
    expect(await importCount()).toBe(before);
  });

  it('answers 409 while the first upload is still being read, then the first import once it is', async () => {
    const key = crypto.randomUUID();
    const before = await importCount();
    const stream = new PassThrough();
    const firstAnswer = upload(stream, key);
    stream.write('fay@example.com;fay\n');
    // The first request has claimed the key and is reading its body: a repeat does not wait for it.
    for (let attempt = 0; !(await claimed(key)) && attempt < 100; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const meanwhile = await upload(csv('fay', 'gus'), key);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error.code).toBe('idempotency-in-flight');
    expect(meanwhile.headers['retry-after']).toBe('1');
    stream.end('gus@example.com;gus\n');
    const first = await firstAnswer;
    expect(first.statusCode, first.body).toBe(202);
    const again = await upload(csv('fay', 'gus'), key);
    expect(again.statusCode).toBe(202);
    expect(again.json<CustomerImport>().id).toBe(first.json<CustomerImport>().id);
    expect(await importCount()).toBe(before + 1);
  });

  it('gives the key back when the import was refused before its file was read', async () => {
    const key = crypto.randomUUID();
    const missingList = `${MAPPING}&listId=${crypto.randomUUID()}`;
    const refused = await upload(csv('hal'), key, { query: missingList });
    expect(refused.statusCode).toBe(404);
    const rows = await t.app.ctx.db
      .select()
      .from(idempotentAnswers)
      .where(and(eq(idempotentAnswers.organizationId, shop.organizationId), eq(idempotentAnswers.key, key)));
    expect(rows).toEqual([]);
    // The key is free again: an upload with it runs.
    const ran = await upload(csv('hal'), key);
    expect(ran.statusCode).toBe(202);
    expect(ran.headers['idempotent-replayed']).toBeUndefined();
  });

  it('still reads the rest of a file it refused before reading, so the connection serves the next request', async () => {
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, body?: Buffer, key?: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: address.hostname,
            port: address.port,
            path,
            method: body ? 'POST' : 'GET',
            agent,
            headers: {
              ...orgHeaders(shop.admin.accessToken, shop.organizationId),
              ...(body ? { 'content-type': 'text/csv', 'content-length': String(body.length) } : {}),
              ...(key ? { 'idempotency-key': key } : {}),
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    // A file far larger than the buffers between the socket and the handler, for a list that does not exist.
    const file = Buffer.from(csv(...Array.from({ length: 40_000 }, (_, index) => `big${index}`)));
    const missingList = `/api/customer-imports?${MAPPING}&listId=${crypto.randomUUID()}`;
    expect(await send(missingList, file, crypto.randomUUID())).toBe(404);
    // The same socket (one per agent) answers the next request.
    expect(await send('/api/customer-imports/00000000-0000-7000-8000-000000000000')).toBe(404);
    agent.destroy();
  });

  it('never shares a key across organisations', async () => {
    const other = await newShop(t.app);
    const key = crypto.randomUUID();
    const file = csv('ivy');
    const ours = await upload(file, key);
    const theirs = await upload(file, key, { of: other });
    expect(ours.statusCode).toBe(202);
    expect(theirs.statusCode).toBe(202);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<CustomerImport>().id).not.toBe(ours.json<CustomerImport>().id);
    expect(await importCount(other.organizationId)).toBe(1);
  });

  it('starts two imports without a key', async () => {
    const before = await importCount();
    expect((await upload(csv('jon'))).statusCode).toBe(202);
    expect((await upload(csv('jon'))).statusCode).toBe(202);
    expect(await importCount()).toBe(before + 2);
  });
});
