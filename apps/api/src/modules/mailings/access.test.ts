import { outbox } from '@guichet/db/schema/outbox';
import type { Mailing } from '@guichet/shared/mailings';
import type { Permission } from '@guichet/shared/permissions';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../../test/support/harness';
import { addPeople, draftMailing, listOf, mailingsSnapshot } from '../../../test/support/mailings';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';
import { addStaff, orgHeaders } from '../../../test/support/teams';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

interface Fixture {
  shop: Shop;
  listId: string;
  mailingId: string;
}

/** A shop with a consenting customer on a list and a draft mailing to it. */
async function fixture(): Promise<Fixture> {
  const shop = await newShop(t.app);
  const ids = await addPeople(t.app, shop.organizationId, [
    { email: `m-${crypto.randomUUID()}@example.com`, consent: true },
  ]);
  const listId = await listOf(shop, ids);
  const mailing: Mailing = await draftMailing(shop, { audience: { kind: 'list', listId } });
  return { shop, listId, mailingId: mailing.id };
}

type Call = (f: Fixture) => { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object };

const ENDPOINTS: Record<string, { call: Call; ok: number; foreign: number }> = {
  'GET /mailings': { call: () => ({ method: 'GET', url: '/api/mailings' }), ok: 200, foreign: 200 },
  'POST /mailings': {
    call: (f) => ({
      method: 'POST',
      url: '/api/mailings',
      payload: {
        kind: 'marketing',
        audience: { kind: 'list', listId: f.listId },
        subject: 'Hi',
        bodyHtml: '<p>Hi</p>',
      },
    }),
    ok: 201,
    // The list is the other organisation's: not found there.
    foreign: 404,
  },
  'GET /mailings/:id': {
    call: (f) => ({ method: 'GET', url: `/api/mailings/${f.mailingId}` }),
    ok: 200,
    foreign: 404,
  },
  'PATCH /mailings/:id': {
    call: (f) => ({ method: 'PATCH', url: `/api/mailings/${f.mailingId}`, payload: { subject: 'Changed' } }),
    ok: 200,
    foreign: 404,
  },
  'POST /mailings/:id/send': {
    call: (f) => ({ method: 'POST', url: `/api/mailings/${f.mailingId}/send` }),
    ok: 200,
    foreign: 404,
  },
  'POST /mailings/:id/cancel': {
    call: (f) => ({ method: 'POST', url: `/api/mailings/${f.mailingId}/cancel` }),
    ok: 200,
    foreign: 404,
  },
  'GET /mailings/:id/preview': {
    call: (f) => ({ method: 'GET', url: `/api/mailings/${f.mailingId}/preview` }),
    ok: 200,
    foreign: 404,
  },
  'POST /mailings/:id/test': {
    call: (f) => ({ method: 'POST', url: `/api/mailings/${f.mailingId}/test` }),
    ok: 200,
    foreign: 404,
  },
  'GET /mailings/:id/recipients': {
    call: (f) => ({ method: 'GET', url: `/api/mailings/${f.mailingId}/recipients` }),
    ok: 200,
    foreign: 404,
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

describe.each(Object.entries(ENDPOINTS))('%s', (_, { call, ok, foreign }) => {
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
    const before = await mailingsSnapshot(t.app, f.shop.organizationId);
    const outboxBefore = await t.app.ctx.db.select({ n: count() }).from(outbox);
    const response = await t.app.inject({
      ...call(f),
      headers: orgHeaders(caller.accessToken, f.shop.organizationId),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect(await mailingsSnapshot(t.app, f.shop.organizationId)).toEqual(before);
    expect(await t.app.ctx.db.select({ n: count() }).from(outbox)).toEqual(outboxBefore);
  });

  it('is refused to another organisation’s staff, changing nothing; their own organisation does not see it', async () => {
    const f = await fixture();
    const outsider = await newShop(t.app);
    const before = await mailingsSnapshot(t.app, f.shop.organizationId);
    const asForeign = await t.app.inject({
      ...call(f),
      headers: orgHeaders(outsider.admin.accessToken, f.shop.organizationId),
    });
    expect(asForeign.statusCode).toBe(403);
    const asOwn = await t.app.inject({
      ...call(f),
      headers: orgHeaders(outsider.admin.accessToken, outsider.organizationId),
    });
    expect(asOwn.statusCode, asOwn.body).toBe(foreign);
    if (foreign === 200) expect(asOwn.body).not.toContain(f.mailingId);
    expect(await mailingsSnapshot(t.app, f.shop.organizationId)).toEqual(before);
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
