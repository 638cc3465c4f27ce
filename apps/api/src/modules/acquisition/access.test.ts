import { afterAll, beforeAll } from 'vitest';
import { type AccessEndpoint, describeAccessMatrix } from '../../../test/support/access-matrix';
import { acquisitionSnapshot, createLink } from '../../../test/support/acquisition';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';

/** Who may use acquisition: ALL and DASHBOARD; nobody else, and nobody of another organisation. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

interface Fixture {
  shop: Shop;
  linkId: string;
}

async function fixture(): Promise<Fixture> {
  const shop = await newShop(t.app);
  const link = await createLink(t.app, shop);
  return { shop, linkId: link.id };
}

const period = 'from=2026-01-01&to=2026-12-31';
const ENDPOINTS: Record<string, AccessEndpoint<Fixture>> = {
  'GET /acquisition/events': {
    call: () => ({ method: 'GET', url: '/api/acquisition/events' }),
    ok: 200,
    foreign: 200,
  },
  'GET /acquisition/links': {
    call: () => ({ method: 'GET', url: '/api/acquisition/links' }),
    ok: 200,
    foreign: 200,
  },
  'POST /acquisition/links': {
    call: (f) => ({
      method: 'POST',
      url: '/api/acquisition/links',
      payload: { eventId: f.shop.event.id, name: 'Flyer', channel: 'poster' },
    }),
    ok: 201,
    foreign: 404,
  },
  'GET /acquisition/links/:linkId': {
    call: (f) => ({ method: 'GET', url: `/api/acquisition/links/${f.linkId}` }),
    ok: 200,
    foreign: 404,
  },
  'PATCH /acquisition/links/:linkId': {
    call: (f) => ({
      method: 'PATCH',
      url: `/api/acquisition/links/${f.linkId}`,
      payload: { name: 'Renamed' },
    }),
    ok: 200,
    foreign: 404,
  },
  'DELETE /acquisition/links/:linkId': {
    call: (f) => ({ method: 'DELETE', url: `/api/acquisition/links/${f.linkId}` }),
    ok: 204,
    foreign: 404,
  },
  'GET /acquisition/funnel': {
    call: (f) => ({ method: 'GET', url: `/api/acquisition/funnel?${period}&eventId=${f.shop.event.id}` }),
    ok: 200,
    foreign: 404,
  },
  'GET /acquisition/funnel.csv': {
    call: (f) => ({ method: 'GET', url: `/api/acquisition/funnel.csv?${period}&eventId=${f.shop.event.id}` }),
    ok: 200,
    foreign: 404,
  },
  'GET /acquisition/settings': {
    call: () => ({ method: 'GET', url: '/api/acquisition/settings' }),
    ok: 200,
    foreign: 200,
  },
  'PUT /acquisition/settings': {
    call: () => ({ method: 'PUT', url: '/api/acquisition/settings', payload: { attributionWindowDays: 7 } }),
    ok: 200,
    foreign: 200,
  },
};

describeAccessMatrix({
  context: () => t,
  fixture,
  endpoints: ENDPOINTS,
  granted: [['ALL'], ['DASHBOARD']],
  refused: [['EVENT'], ['FINANCE'], ['MEMBER'], ['SCAN'], ['EVENT', 'FINANCE', 'MEMBER', 'SCAN']],
  snapshot: acquisitionSnapshot,
  hidden: (f) => [f.linkId],
});
