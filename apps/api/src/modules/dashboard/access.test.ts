import type { Permission } from '@guichet/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday } from '../../../test/support/dashboard';
import { bearer, createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';
import { addStaff, orgHeaders } from '../../../test/support/teams';

/** Who may read the dashboard: ALL and DASHBOARD; nobody else, and nobody of another organisation. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

const period = () => `from=${dayFromToday(-6)}&to=${dayFromToday(0)}`;
const ENDPOINTS: Record<string, () => string> = {
  'GET /dashboard/figures': () => `/api/dashboard/figures?${period()}`,
  'GET /dashboard/events': () => '/api/dashboard/events',
  'GET /dashboard/attention': () => '/api/dashboard/attention',
};

const GRANTED: Permission[][] = [['ALL'], ['DASHBOARD']];
const REFUSED: Permission[][] = [
  ['EVENT'],
  ['FINANCE'],
  ['MEMBER'],
  ['SCAN'],
  ['EVENT', 'FINANCE', 'MEMBER', 'SCAN'],
];

let shop: Shop;
beforeAll(async () => {
  shop = await newShop(t.app);
});

describe.each(Object.entries(ENDPOINTS))('%s', (_, url) => {
  it.each(GRANTED)('is granted to %s staff', async (permission) => {
    const caller = await addStaff(t.app, shop.organizationId, [permission]);
    const response = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: orgHeaders(caller.accessToken, shop.organizationId),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each(REFUSED)('is refused to %s staff', async (...permissions) => {
    const caller = await addStaff(t.app, shop.organizationId, permissions);
    const response = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: orgHeaders(caller.accessToken, shop.organizationId),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
  });

  it('is refused to another organisation’s staff', async () => {
    const outsider = await newShop(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: orgHeaders(outsider.admin.accessToken, shop.organizationId),
    });
    expect(response.statusCode).toBe(403);
  });

  it('asks for a token and an organisation', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: { 'x-organization-id': shop.organizationId },
    });
    expect(anonymous.statusCode).toBe(401);
    const noOrganization = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: bearer(shop.admin.accessToken),
    });
    expect(noOrganization.statusCode).toBe(400);
  });
});

describe('GET /dashboard/stream', () => {
  it.each(REFUSED)('is refused to %s staff before it opens', async (...permissions) => {
    const caller = await addStaff(t.app, shop.organizationId, permissions);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/stream?${period()}`,
      headers: orgHeaders(caller.accessToken, shop.organizationId),
    });
    expect(response.statusCode).toBe(403);
  });

  it('is refused to another organisation’s staff and to the anonymous', async () => {
    const outsider = await newShop(t.app);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/stream?${period()}`,
      headers: orgHeaders(outsider.admin.accessToken, shop.organizationId),
    });
    expect(foreign.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/stream?${period()}`,
      headers: { 'x-organization-id': shop.organizationId },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
