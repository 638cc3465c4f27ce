import { randomUUID } from 'node:crypto';
import { customerImports, customerMerges } from '@guichet/db/schema/customer-records';
import type { CustomerPage } from '@guichet/shared/customers';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AccessEndpoint, describeAccessMatrix } from '../../../test/support/access-matrix';
import { boxOffice, customersSnapshot } from '../../../test/support/customers';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, ordersSnapshot, type Shop, TEST_ENV } from '../../../test/support/orders';
import { orgHeaders } from '../../../test/support/teams';
import type { App } from '../../app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

interface Fixture {
  shop: Shop;
  /** The kept record, with `mergedId` merged into it. */
  keptId: string;
  keptEmail: string;
  mergedId: string;
  /** A third record of the organisation, merged into nothing. */
  otherId: string;
  /** A finished dry-run import. */
  importId: string;
}

async function fixture(): Promise<Fixture> {
  const shop = await newShop(t.app);
  const people = ['kept', 'merged', 'other'].map((who) => ({
    name: `Rhea ${who}`,
    email: `rhea-${who}-${randomUUID()}@example.com`,
  }));
  const ids: string[] = [];
  for (const person of people) {
    await boxOffice(shop, person);
    const page = (
      await shop.call('GET', `/api/customers?q=${encodeURIComponent(person.email)}`)
    ).json<CustomerPage>();
    ids.push(page.items[0]?.id ?? '');
  }
  const [keptId = '', mergedId = '', otherId = ''] = ids;
  const merged = await shop.call('POST', `/api/customers/${keptId}/merges`, { mergedId });
  expect(merged.statusCode, merged.body).toBe(201);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/customer-imports?email=0&dryRun=true&header=false',
    headers: { ...orgHeaders(shop.admin.accessToken, shop.organizationId), 'content-type': 'text/csv' },
    payload: 'someone@example.com\n',
  });
  expect(started.statusCode, started.body).toBe(202);
  const importId = started.json<{ id: string }>().id;
  for (let i = 0; i < 100; i += 1) {
    if (
      (await shop.call('GET', `/api/customer-imports/${importId}`)).json<{ status: string }>().status !==
      'running'
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { shop, keptId, keptEmail: people[0]?.email ?? '', mergedId, otherId, importId };
}

/** Everything these endpoints may change: customers and their parts, orders and tickets, merges. */
async function snapshot(app: App, organizationId: string) {
  const [people, sales, merges, imports] = await Promise.all([
    customersSnapshot(app, organizationId),
    ordersSnapshot(app, organizationId),
    app.ctx.db
      .select()
      .from(customerMerges)
      .where(eq(customerMerges.organizationId, organizationId))
      .orderBy(asc(customerMerges.id)),
    app.ctx.db
      .select()
      .from(customerImports)
      .where(eq(customerImports.organizationId, organizationId))
      .orderBy(asc(customerImports.id)),
  ]);
  return { people, sales, merges, imports };
}

const ENDPOINTS: Record<string, AccessEndpoint<Fixture>> = {
  'GET /customers/:id/merges': {
    call: (f) => ({ method: 'GET', url: `/api/customers/${f.keptId}/merges` }),
    ok: 200,
  },
  'POST /customers/:id/merges': {
    call: (f) => ({
      method: 'POST',
      url: `/api/customers/${f.keptId}/merges`,
      payload: { mergedId: f.otherId },
    }),
    ok: 201,
  },
  'DELETE /customers/:id/merges/:mergedId': {
    call: (f) => ({ method: 'DELETE', url: `/api/customers/${f.keptId}/merges/${f.mergedId}` }),
    ok: 204,
  },
  'GET /customers/:id/export': {
    call: (f) => ({ method: 'GET', url: `/api/customers/${f.keptId}/export` }),
    ok: 200,
  },
  'POST /customer-imports': {
    call: () => ({
      method: 'POST',
      url: '/api/customer-imports?email=0&header=false',
      payload: 'new-person@example.com\n',
      contentType: 'text/csv',
    }),
    ok: 202,
    // An import into their own organisation is theirs to make.
    foreign: 202,
  },
  'GET /customer-imports/:id': {
    call: (f) => ({ method: 'GET', url: `/api/customer-imports/${f.importId}` }),
    ok: 200,
  },
  'POST /customers/:id/erase': {
    call: (f) => ({
      method: 'POST',
      url: `/api/customers/${f.keptId}/erase`,
      payload: { confirmEmail: f.keptEmail },
    }),
    ok: 204,
  },
};

describeAccessMatrix({
  context: () => t,
  fixture,
  endpoints: ENDPOINTS,
  granted: [['ALL'], ['MEMBER']],
  refused: [['EVENT'], ['FINANCE'], ['DASHBOARD'], ['SCAN'], ['EVENT', 'FINANCE', 'DASHBOARD', 'SCAN']],
  snapshot: snapshot,
});
