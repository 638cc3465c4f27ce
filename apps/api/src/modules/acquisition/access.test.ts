import type { Permission } from '@guichet/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquisitionSnapshot, createLink } from '../../../test/support/acquisition';
import { bearer, createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';
import { addStaff, orgHeaders } from '../../../test/support/teams';

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

type Call = (f: Fixture) => {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
};

const period = 'from=2026-01-01&to=2026-12-31';
const ENDPOINTS: Record<string, { call: Call; ok: number; foreignOwn: number }> = {
  'GET /acquisition/events': {
    call: () => ({ method: 'GET', url: '/api/acquisition/events' }),
    ok: 200,
    foreignOwn: 200,
  },
  'GET /acquisition/links': {
    call: () => ({ method: 'GET', url: '/api/acquisition/links' }),
    ok: 200,
    foreignOwn: 200,
  },
  'POST /acquisition/links': {
    call: (f) => ({
      method: 'POST',
      url: '/api/acquisition/links',
      payload: { eventId: f.shop.event.id, name: 'Flyer', channel: 'poster' },
    }),
    ok: 201,
    foreignOwn: 404,
  },
  'GET /acquisition/links/:linkId': {
    call: (f) => ({ method: 'GET', url: `/api/acquisition/links/${f.linkId}` }),
    ok: 200,
    foreignOwn: 404,
  },
  'PATCH /acquisition/links/:linkId': {
    call: (f) => ({
      method: 'PATCH',
      url: `/api/acquisition/links/${f.linkId}`,
      payload: { name: 'Renamed' },
    }),
    ok: 200,
    foreignOwn: 404,
  },
  'DELETE /acquisition/links/:linkId': {
    call: (f) => ({ method: 'DELETE', url: `/api/acquisition/links/${f.linkId}` }),
    ok: 204,
    foreignOwn: 404,
  },
  'GET /acquisition/funnel': {
    call: (f) => ({ method: 'GET', url: `/api/acquisition/funnel?${period}&eventId=${f.shop.event.id}` }),
    ok: 200,
    foreignOwn: 404,
  },
  'GET /acquisition/funnel.csv': {
    call: (f) => ({ method: 'GET', url: `/api/acquisition/funnel.csv?${period}&eventId=${f.shop.event.id}` }),
    ok: 200,
    foreignOwn: 404,
  },
  'GET /acquisition/settings': {
    call: () => ({ method: 'GET', url: '/api/acquisition/settings' }),
    ok: 200,
    foreignOwn: 200,
  },
  'PUT /acquisition/settings': {
    call: () => ({ method: 'PUT', url: '/api/acquisition/settings', payload: { attributionWindowDays: 7 } }),
    ok: 200,
    foreignOwn: 200,
  },
};

const GRANTED: Permission[][] = [['ALL'], ['DASHBOARD']];
const REFUSED: Permission[][] = [
  ['EVENT'],
  ['FINANCE'],
  ['MEMBER'],
  ['SCAN'],
  ['EVENT', 'FINANCE', 'MEMBER', 'SCAN'],
];

describe.each(Object.entries(ENDPOINTS))('%s', (_, { call, ok, foreignOwn }) => {
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
    const before = await acquisitionSnapshot(t.app, f.shop.organizationId);
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(caller.accessToken, f.shop.organizationId),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect(await acquisitionSnapshot(t.app, f.shop.organizationId)).toEqual(before);
  });

  it('is refused to another organisation’s staff, changing nothing; their own organisation does not have the rows', async () => {
    const f = await fixture();
    const outsider = await newShop(t.app);
    const before = await acquisitionSnapshot(t.app, f.shop.organizationId);
    const asForeign = await t.app.inject({
      ...call(f),
      headers: orgHeaders(outsider.admin.accessToken, f.shop.organizationId),
    });
    expect(asForeign.statusCode).toBe(403);
    const asOwn = await t.app.inject({
      ...call(f),
      headers: orgHeaders(outsider.admin.accessToken, outsider.organizationId),
    });
    expect(asOwn.statusCode).toBe(foreignOwn);
    expect(await acquisitionSnapshot(t.app, f.shop.organizationId)).toEqual(before);
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
