import type { CustomerPage, MemberList } from '@guichet/shared/customers';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AccessEndpoint, describeAccessMatrix } from '../../../test/support/access-matrix';
import { boxOffice, customersSnapshot } from '../../../test/support/customers';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

interface Fixture {
  shop: Shop;
  customerId: string;
  listId: string;
}

/** A shop with one customer who is on one member list. */
async function fixture(): Promise<Fixture> {
  const shop = await newShop(t.app);
  await boxOffice(shop, { name: 'Cleo Client', email: `cleo-${crypto.randomUUID()}@example.com` });
  const customers = (await shop.call('GET', '/api/customers')).json<CustomerPage>();
  const customerId = customers.items[0]?.id ?? '';
  const created = await shop.call('POST', '/api/member-lists', { name: 'Friends' });
  const listId = created.json<MemberList>().id;
  const added = await shop.call('POST', `/api/member-lists/${listId}/members`, { customerIds: [customerId] });
  expect(added.statusCode, added.body).toBe(200);
  return { shop, customerId, listId };
}

const ENDPOINTS: Record<string, AccessEndpoint<Fixture>> = {
  'GET /customers': { call: () => ({ method: 'GET', url: '/api/customers' }), ok: 200, foreign: 200 },
  'GET /customers/export': {
    call: () => ({ method: 'GET', url: '/api/customers/export' }),
    ok: 200,
    foreign: 200,
  },
  'POST /customers/tags': {
    call: (f) => ({
      method: 'POST',
      url: '/api/customers/tags',
      payload: { customerIds: [f.customerId], add: ['x'] },
    }),
    ok: 200,
    foreign: 200,
  },
  'GET /customers/events': {
    call: () => ({ method: 'GET', url: '/api/customers/events' }),
    ok: 200,
    foreign: 200,
  },
  'GET /customers/:id': {
    call: (f) => ({ method: 'GET', url: `/api/customers/${f.customerId}` }),
    ok: 200,
    foreign: 404,
  },
  'PATCH /customers/:id': {
    call: (f) => ({ method: 'PATCH', url: `/api/customers/${f.customerId}`, payload: { phone: '+33 1 23' } }),
    ok: 200,
    foreign: 404,
  },
  'POST /customers/:id/notes': {
    call: (f) => ({
      method: 'POST',
      url: `/api/customers/${f.customerId}/notes`,
      payload: { body: 'Hello' },
    }),
    ok: 200,
    foreign: 404,
  },
  'POST /customers/:id/consents': {
    call: (f) => ({
      method: 'POST',
      url: `/api/customers/${f.customerId}/consents`,
      payload: { granted: true, wording: 'Yes please' },
    }),
    ok: 200,
    foreign: 404,
  },
  'GET /member-lists': { call: () => ({ method: 'GET', url: '/api/member-lists' }), ok: 200, foreign: 200 },
  'POST /member-lists': {
    call: () => ({ method: 'POST', url: '/api/member-lists', payload: { name: 'Season 2027' } }),
    ok: 201,
    foreign: 201,
  },
  'PATCH /member-lists/:listId': {
    call: (f) => ({ method: 'PATCH', url: `/api/member-lists/${f.listId}`, payload: { description: 'New' } }),
    ok: 200,
    foreign: 404,
  },
  'GET /member-lists/:listId/members': {
    call: (f) => ({ method: 'GET', url: `/api/member-lists/${f.listId}/members` }),
    ok: 200,
    foreign: 404,
  },
  'POST /member-lists/:listId/members': {
    call: (f) => ({
      method: 'POST',
      url: `/api/member-lists/${f.listId}/members`,
      payload: { people: [{ email: 'new-member@example.com' }] },
    }),
    ok: 200,
    foreign: 404,
  },
  'DELETE /member-lists/:listId/members/:customerId': {
    call: (f) => ({ method: 'DELETE', url: `/api/member-lists/${f.listId}/members/${f.customerId}` }),
    ok: 204,
    foreign: 404,
  },
  'GET /member-lists/:listId/history': {
    call: (f) => ({ method: 'GET', url: `/api/member-lists/${f.listId}/history` }),
    ok: 200,
    foreign: 404,
  },
};

describeAccessMatrix({
  context: () => t,
  fixture,
  endpoints: ENDPOINTS,
  granted: [['ALL'], ['MEMBER']],
  refused: [['EVENT'], ['FINANCE'], ['DASHBOARD'], ['SCAN'], ['EVENT', 'FINANCE', 'DASHBOARD', 'SCAN']],
  snapshot: customersSnapshot,
  // Lists answer the caller's own organisation only: nothing of the other one shows.
  hidden: (f) => [f.customerId, f.listId],
});
