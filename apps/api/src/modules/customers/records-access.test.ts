import { randomUUID } from 'node:crypto';
import { customerMerges } from '@guichet/db/schema/customer-records';
import type { CustomerPage } from '@guichet/shared/customers';
import type { Permission } from '@guichet/shared/permissions';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxOffice, customersSnapshot } from '../../../test/support/customers';
import { bearer, createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, ordersSnapshot, type Shop, TEST_ENV } from '../../../test/support/orders';
import { addStaff, orgHeaders } from '../../../test/support/teams';
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
  return { shop, keptId, keptEmail: people[0]?.email ?? '', mergedId, otherId };
}

/** Everything these endpoints may change: customers and their parts, orders and tickets, merges. */
async function snapshot(app: App, organizationId: string) {
  const [people, sales, merges] = await Promise.all([
    customersSnapshot(app, organizationId),
    ordersSnapshot(app, organizationId),
    app.ctx.db
      .select()
      .from(customerMerges)
      .where(eq(customerMerges.organizationId, organizationId))
      .orderBy(asc(customerMerges.id)),
  ]);
  return { people, sales, merges };
}

type Call = (f: Fixture) => { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object };

const ENDPOINTS: Record<string, { call: Call; ok: number }> = {
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
  'POST /customers/:id/erase': {
    call: (f) => ({
      method: 'POST',
      url: `/api/customers/${f.keptId}/erase`,
      payload: { confirmEmail: f.keptEmail },
    }),
    ok: 204,
  },
};

const GRANTED: Permission[][] = [['ALL'], ['MEMBER']];
const REFUSED: Permission[][] = [
  ['EVENT'],
  ['FINANCE'],
  ['DASHBOARD'],
  ['SCAN'],
  ['EVENT', 'FINANCE', 'DASHBOARD', 'SCAN'],
];

describe.each(Object.entries(ENDPOINTS))('%s', (_, { call, ok }) => {
  it.each(GRANTED)('is granted to %s staff', async (permission) => {
    const f = await fixture();
    const caller = await addStaff(t.app, f.shop.organizationId, [permission]);
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(caller.accessToken, f.shop.organizationId),
    });
    expect(response.statusCode, response.body).toBe(ok);
  });

  it.each(REFUSED)('is refused to %s staff, changing nothing', async (...permissions) => {
    const f = await fixture();
    const caller = await addStaff(t.app, f.shop.organizationId, permissions);
    const before = await snapshot(t.app, f.shop.organizationId);
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(caller.accessToken, f.shop.organizationId),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect(await snapshot(t.app, f.shop.organizationId)).toEqual(before);
  });

  it('is refused to another organisation’s staff, changing nothing; in their own it finds no such customer', async () => {
    const f = await fixture();
    const outsider = await newShop(t.app);
    const before = await snapshot(t.app, f.shop.organizationId);
    const asForeign = await t.app.inject({
      ...call(f),
      headers: orgHeaders(outsider.admin.accessToken, f.shop.organizationId),
    });
    expect(asForeign.statusCode).toBe(403);
    const asOwn = await t.app.inject({
      ...call(f),
      headers: orgHeaders(outsider.admin.accessToken, outsider.organizationId),
    });
    expect(asOwn.statusCode, asOwn.body).toBe(404);
    expect(await snapshot(t.app, f.shop.organizationId)).toEqual(before);
  });

  it('asks for a token and an organisation', async () => {
    const f = await fixture();
    const anonymous = await t.app.inject({
      ...call(f),
      headers: { 'x-organization-id': f.shop.organizationId },
    });
    expect(anonymous.statusCode).toBe(401);
    const noOrganization = await t.app.inject({ ...call(f), headers: bearer(f.shop.admin.accessToken) });
    expect(noOrganization.statusCode).toBe(400);
    expect(noOrganization.json().error.code).toBe('organization-required');
  });
});
