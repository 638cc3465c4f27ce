import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { customerConsents } from '@guichet/db/schema/customers';
import { checkoutConsentWording } from '@guichet/shared/customer-values';
import type { CustomerDetail, CustomerPage, CustomerSummary } from '@guichet/shared/customers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxOffice } from '../../../test/support/customers';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody, orderIdOf, type Shop } from '../../../test/support/orders';
import { addList, redeem, scan, TEST_ENV } from '../../../test/support/scan';

let t: TestContext;
let shop: Shop;
let other: Shop;
const alice = { name: 'Alice Martin', email: 'Alice.Martin@example.com' };
const bob = { name: 'Bob Durand', email: 'bob@example.com' };
const carol = { name: 'Carol Petit', email: 'carol@example.org' };
let aliceOrderCode = '';

beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await newShop(t.app);
  other = await newShop(t.app);
  // Alice: two paid orders (3 tickets, 75.00), one ticket checked in. Bob: an offline order not paid yet.
  // Carol: a paid order of 2 tickets, 10.00 refunded. Someone with Alice's address in another organisation.
  const first = await boxOffice(shop, alice, 2);
  aliceOrderCode = first.code;
  await boxOffice(shop, { ...alice, email: 'alice.martin@EXAMPLE.com' }, 1);
  await bought(
    t.app,
    shop,
    orderBody(shop, {
      buyer: bob,
      lines: [{ ticketTypeId: shop.event.ticketTypes[0]?.id ?? '', quantity: 1 }],
    }),
  );
  const carolOrder = await boxOffice(shop, carol, 2);
  const refund = await shop.call('POST', `/api/orders/${carolOrder.id}/refunds`, { amountMinor: 1000 });
  expect(refund.statusCode, refund.body).toBe(200);
  await boxOffice(other, alice, 1);
  const list = await addList(shop, { name: 'Door' });
  const answer = await redeem(shop, scan(first.tickets[0]?.secret ?? '', [list.id]));
  expect(answer.result).toBe('ok');
});
afterAll(async () => t.close());

async function page(query: string, on = shop): Promise<CustomerPage> {
  const response = await on.call('GET', `/api/customers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CustomerPage>();
}
const emails = (p: CustomerPage) => p.items.map((item) => item.email.toLowerCase()).sort();
const find = (p: CustomerPage, email: string): CustomerSummary => {
  const found = p.items.find((item) => item.email.toLowerCase() === email.toLowerCase());
  if (!found) throw new Error(`no ${email}`);
  return found;
};

describe('the customers list', () => {
  it('has one customer per e-mail whatever its case, with totals from orders, refunds and check-ins', async () => {
    const all = await page('');
    expect(emails(all)).toEqual(['alice.martin@example.com', 'bob@example.com', 'carol@example.org']);
    expect(find(all, alice.email).totals).toEqual({
      orderCount: 2,
      ticketCount: 3,
      spend: [{ currency: 'EUR', amountMinor: 7500 }],
      eventsAttended: 1,
      checkIns: 1,
    });
    expect(find(all, carol.email).totals.spend).toEqual([{ currency: 'EUR', amountMinor: 4000 }]);
    // Bob's order waits for payment: it counts as an order, not as money.
    expect(find(all, bob.email).totals).toMatchObject({ orderCount: 1, ticketCount: 1, spend: [] });
  });

  it('keeps another organisation’s customers apart', async () => {
    const theirs = await page('', other);
    expect(emails(theirs)).toEqual(['alice.martin@example.com']);
    expect(find(theirs, alice.email).totals.spend).toEqual([{ currency: 'EUR', amountMinor: 2500 }]);
  });

  it('searches by name, e-mail and an order’s exact code', async () => {
    expect(emails(await page('?q=durand'))).toEqual(['bob@example.com']);
    expect(emails(await page('?q=example.org'))).toEqual(['carol@example.org']);
    expect(emails(await page(`?q=${aliceOrderCode.toLowerCase()}`))).toEqual(['alice.martin@example.com']);
    expect(emails(await page('?q=%25'))).toEqual([]);
  });

  it('filters by event bought or attended, spend, consent and tag', async () => {
    const event = shop.event.id;
    const options = await shop.call('GET', '/api/customers/events');
    expect(options.json()).toEqual({
      items: [expect.objectContaining({ id: event, name: shop.event.name })],
      nextCursor: null,
    });
    expect(emails(await page(`?eventId=${event}`))).toHaveLength(3);
    expect(emails(await page(`?eventId=${event}&eventRelation=attended`))).toEqual([
      'alice.martin@example.com',
    ]);
    expect(emails(await page('?spendCurrency=EUR&spendMin=4000&spendMax=5000'))).toEqual([
      'carol@example.org',
    ]);
    expect(emails(await page('?spendCurrency=EUR&spendMax=0'))).toEqual(['bob@example.com']);
    const noCurrency = await shop.call('GET', '/api/customers?spendMin=1');
    expect(noCurrency.statusCode).toBe(400);
    expect(noCurrency.json().error.code).toBe('argument-error');

    const bobId = find(await page(''), bob.email).id;
    const consent = await shop.call('POST', `/api/customers/${bobId}/consents`, {
      granted: true,
      wording: 'Agreed on the phone to hear about next season.',
    });
    expect(consent.statusCode, consent.body).toBe(200);
    expect(emails(await page('?consent=granted'))).toEqual(['bob@example.com']);
    expect(emails(await page('?consent=none'))).toEqual(['alice.martin@example.com', 'carol@example.org']);
    await shop.call('POST', `/api/customers/${bobId}/consents`, {
      granted: false,
      wording: 'Asked to stop.',
    });
    expect(emails(await page('?consent=withdrawn'))).toEqual(['bob@example.com']);
    expect(emails(await page('?consent=granted'))).toEqual([]);

    const tagged = await shop.call('POST', '/api/customers/tags', {
      customerIds: [bobId],
      add: ['vip', 'press'],
    });
    expect(tagged.json()).toEqual({ updated: 1 });
    expect(emails(await page('?tag=vip'))).toEqual(['bob@example.com']);
    await shop.call('POST', '/api/customers/tags', { customerIds: [bobId], remove: ['vip'] });
    expect(emails(await page('?tag=vip'))).toEqual([]);
    expect(find(await page(''), bob.email).tags).toEqual(['press']);
  });

  it('filters by first and last seen', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(emails(await page(`?lastSeenFrom=${encodeURIComponent(future)}`))).toEqual([]);
    expect(emails(await page(`?firstSeenTo=${encodeURIComponent(future)}`))).toHaveLength(3);
  });

  it('pages with a cursor in every sort, each customer exactly once', async () => {
    for (const sort of ['lastSeen', 'firstSeen', 'name', 'email']) {
      for (const direction of ['asc', 'desc']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const next: CustomerPage = await page(
            `?limit=1&sort=${sort}&direction=${direction}${cursor ? `&cursor=${cursor}` : ''}`,
          );
          seen.push(...next.items.map((item) => item.email.toLowerCase()));
          cursor = next.nextCursor;
        } while (cursor);
        expect(seen.slice().sort(), `${sort} ${direction}`).toEqual([
          'alice.martin@example.com',
          'bob@example.com',
          'carol@example.org',
        ]);
        if (sort === 'name') {
          expect(seen).toEqual(
            direction === 'asc'
              ? ['alice.martin@example.com', 'bob@example.com', 'carol@example.org']
              : ['carol@example.org', 'bob@example.com', 'alice.martin@example.com'],
          );
        }
      }
    }
  });

  it('refuses a malformed query with 400', async () => {
    for (const query of ['?limit=0', '?sort=spend', '?consent=maybe', '?eventId=nope', '?spendMin=-1']) {
      expect((await shop.call('GET', `/api/customers${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('a customer', () => {
  it('shows a timeline of orders, check-ins, consent changes and notes, newest first', async () => {
    const aliceId = find(await page(''), alice.email).id;
    const noted = await shop.call('POST', `/api/customers/${aliceId}/notes`, {
      body: 'Prefers the front row.',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const detail = noted.json<CustomerDetail>();
    const kinds = detail.timeline.map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'order')).toHaveLength(2);
    expect(kinds).toContain('checkin');
    expect(kinds[0]).toBe('note');
    const order = detail.timeline.find((entry) => entry.kind === 'order');
    expect(order).toMatchObject({ eventId: shop.event.id, status: 'paid', currency: 'EUR' });
    const times = detail.timeline.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('is edited with a schema-checked body, audited, and its e-mail stays', async () => {
    const carolId = find(await page(''), carol.email).id;
    const edited = await shop.call('PATCH', `/api/customers/${carolId}`, {
      name: 'Carol Petit-Jean',
      phone: '+33 6 12 34 56 78',
      language: 'fr',
      tags: ['member', 'member', 'board'],
      notes: 'Treasurer of the friends’ society.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<CustomerDetail>()).toMatchObject({
      name: 'Carol Petit-Jean',
      phone: '+33 6 12 34 56 78',
      language: 'fr',
      tags: ['board', 'member'],
      email: carol.email,
    });
    const [entry] = (
      (await t.app.ctx.db.execute(sql`select action, before, after from audit_log
        where target_type = 'customer' and target_id = ${carolId}`)) as unknown as {
        rows: { action: string; before: { name: string }; after: { name: string } }[];
      }
    ).rows;
    expect(entry).toMatchObject({
      action: 'customer.updated',
      before: { name: 'Carol Petit' },
      after: { name: 'Carol Petit-Jean' },
    });
    for (const body of [{ email: 'x@example.com' }, { language: 'de' }, { name: '' }, { tags: ['a,b'] }]) {
      expect((await shop.call('PATCH', `/api/customers/${carolId}`, body)).statusCode).toBe(400);
    }
  });

  it('is not found in another organisation', async () => {
    const aliceId = find(await page(''), alice.email).id;
    const response = await other.call('GET', `/api/customers/${aliceId}`);
    expect(response.statusCode).toBe(404);
  });

  it('keeps consent as an append-only history with its wording', async () => {
    const bobId = find(await page(''), bob.email).id;
    const detail = (await shop.call('GET', `/api/customers/${bobId}`)).json<CustomerDetail>();
    expect(detail.consents.map((consent) => [consent.granted, consent.wording])).toEqual([
      [false, 'Asked to stop.'],
      [true, 'Agreed on the phone to hear about next season.'],
    ]);
    await expect(
      t.app.ctx.db
        .update(customerConsents)
        .set({ granted: true })
        .where(eq(customerConsents.customerId, bobId)),
    ).rejects.toThrow();
  });
});

describe('the CSV export', () => {
  it('exports the filtered set in the reader’s conventions, formulas defused', async () => {
    const aliceId = find(await page(''), alice.email).id;
    await shop.call('PATCH', `/api/customers/${aliceId}`, { name: '=HYPERLINK("x")' });
    const response = await shop.call('GET', '/api/customers/export?locale=fr&sort=email&direction=asc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Nom;E-mail;');
    expect(lines[1]).toContain('\'=HYPERLINK(""x"")');
    expect(lines[1]).toContain(';75,00;EUR;');
    const filtered = await shop.call('GET', '/api/customers/export?q=carol');
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
  });
});

describe('checkout consent', () => {
  it('records the ticked box with its exact words and order; an unticked box records nothing', async () => {
    const typeIdOf = shop.event.ticketTypes[0]?.id ?? '';
    const lines = [{ ticketTypeId: typeIdOf, quantity: 1 }];
    const yes = await bought(t.app, shop, {
      ...orderBody(shop, { buyer: { name: 'Dora Yes', email: 'dora@example.com' }, lines }),
      locale: 'fr',
      marketingConsent: true,
    });
    await bought(
      t.app,
      shop,
      orderBody(shop, { buyer: { name: 'Eli No', email: 'eli@example.com' }, lines }),
    );
    const [organization] = (
      (await t.app.ctx.db.execute(
        sql`select name from organizations where id = ${shop.organizationId}`,
      )) as unknown as { rows: { name: string }[] }
    ).rows;
    const dora = find(await page('?q=dora'), 'dora@example.com');
    expect(dora.consent).toBe('granted');
    const detail = (await shop.call('GET', `/api/customers/${dora.id}`)).json<CustomerDetail>();
    expect(detail.consents).toEqual([
      expect.objectContaining({
        granted: true,
        source: 'checkout',
        wording: checkoutConsentWording('fr', organization?.name ?? ''),
      }),
    ]);
    expect(detail.consents[0]?.orderId).toBe(await orderIdOf(t.app, yes.code));
    expect(find(await page('?q=eli'), 'eli@example.com').consent).toBeNull();
  });
});

describe('the migration', () => {
  it('backfills a customer for every buyer of an order, first seen at their first order', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`delete from customers where organization_id = ${other.organizationId}`);
    const folder = fileURLToPath(new URL('../../../../../packages/db/migrations', import.meta.url));
    const file = readdirSync(folder).find((name) => name.endsWith('_customers_custom.sql'));
    const statements = readFileSync(path.join(folder, file ?? ''), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--[^\n]*\n\s*)*(INSERT|UPDATE)/.test(statement));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await db.execute(sql.raw(statement));
    const theirs = await page('', other);
    expect(emails(theirs)).toEqual(['alice.martin@example.com']);
    expect(find(theirs, alice.email).totals.orderCount).toBe(1);
  });
});
