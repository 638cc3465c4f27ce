import { outbox } from '@guichet/db/schema/outbox';
import type { Mailing } from '@guichet/shared/mailings';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type AccessEndpoint, describeAccessMatrix } from '../../../test/support/access-matrix';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { addPeople, draftMailing, listOf, mailingsSnapshot } from '../../../test/support/mailings';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';
import type { App } from '../../app';

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

const ENDPOINTS: Record<string, AccessEndpoint<Fixture>> = {
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

/** The mailings and the outbox: a refused call queues no mail. */
async function snapshot(app: App, organizationId: string) {
  const [mailings, queued] = await Promise.all([
    mailingsSnapshot(app, organizationId),
    app.ctx.db.select({ n: count() }).from(outbox),
  ]);
  return { mailings, queued };
}

describeAccessMatrix({
  context: () => t,
  fixture,
  endpoints: ENDPOINTS,
  granted: [['ALL'], ['MEMBER']],
  refused: [['EVENT'], ['FINANCE'], ['DASHBOARD'], ['SCAN'], ['EVENT', 'FINANCE', 'DASHBOARD', 'SCAN']],
  snapshot: snapshot,
  hidden: (f) => [f.mailingId],
});
