import { events } from '@guichet/db/schema/events';
import { organizations } from '@guichet/db/schema/organizations';
import type { FinanceOrder, FinancesSummary, LedgerEntryPage } from '@guichet/shared/finances';
import type { OrderDetail } from '@guichet/shared/orders';
import type { Permission } from '@guichet/shared/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTicketType, createEvent, DAY } from '../../../test/support/events';
import {
  boxOfficeOrder,
  financesGet,
  ledgerOf,
  markPaid,
  offlineOrder,
  periodQuery,
  recompute,
  refundOrder,
  today,
} from '../../../test/support/finances';
import { bearer } from '../../../test/support/harness';
import { newShop, orderIdOf, type Shop } from '../../../test/support/orders';
import {
  cardOrder,
  connectStripe,
  type StripeTest,
  sessionIdOf,
  stripeTestApp,
} from '../../../test/support/payments';
import { addStaff } from '../../../test/support/teams';
import { bucketDates } from './finances.service';

let s: StripeTest;
let shop: Shop;
let cardOrderId: string;
let offlineOrderId: string;
beforeAll(async () => {
  s = await stripeTestApp();
  shop = await newShop(app());
  await connectStripe(app(), shop);
  // An offline order of 2 × 2500 marked paid, a card order of 2 × 2500 (fees 280 + 100) refunded 1200, a box-office
  // sale of 2500, and an offline order still pending (no money yet).
  const offline = await offlineOrder(app(), shop, 2);
  offlineOrderId = offline.orderId;
  expect((await markPaid(app(), shop, offlineOrderId)).statusCode).toBe(200);
  const card = await cardOrder(app(), shop, 2);
  expect((await s.fake.pay(sessionIdOf(card.checkoutUrl))).status).toBe(200);
  cardOrderId = await orderIdOf(app(), card.code);
  expect((await refundOrder(app(), shop, cardOrderId, { ticketIds: [], amountMinor: 1200 })).statusCode).toBe(
    200,
  );
  await boxOfficeOrder(app(), shop, 1, 'paid');
  await offlineOrder(app(), shop, 1);
});
afterAll(async () => s.close());

function app() {
  return s.t.app;
}

async function summaryOf(query = periodQuery(), token?: string) {
  const response = await financesGet(app(), shop, `/api/finances/summary?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FinancesSummary>();
}

describe('the finances summary', () => {
  it('gives gross, refunds, fees and net per currency, by method and by event, equal to a recompute', async () => {
    const summary = await summaryOf();
    expect(summary.vat).toEqual({ available: true });
    expect(summary.bucket).toBe('week');
    expect(summary.currencies).toHaveLength(1);
    const [eur] = summary.currencies;
    expect(eur).toMatchObject({
      currency: 'EUR',
      grossMinor: 12500,
      refundsMinor: 1200,
      feesMinor: 380,
      platformFeesMinor: 280,
      processorFeesMinor: 100,
      adjustmentsMinor: 0,
      netMinor: 10920,
      orderCount: 3,
    });
    const recomputed = await recompute(app(), shop.organizationId);
    expect(recomputed).toEqual({
      EUR: {
        grossMinor: eur?.grossMinor,
        refundsMinor: eur?.refundsMinor,
        feesMinor: eur?.feesMinor,
        netMinor: eur?.netMinor,
      },
    });
    expect(eur?.byMethod).toEqual([
      {
        method: 'offline',
        grossMinor: 5000,
        refundsMinor: 0,
        feesMinor: 0,
        adjustmentsMinor: 0,
        netMinor: 5000,
      },
      {
        method: 'stripe',
        grossMinor: 5000,
        refundsMinor: 1200,
        feesMinor: 380,
        adjustmentsMinor: 0,
        netMinor: 3420,
      },
      {
        method: 'box_office',
        grossMinor: 2500,
        refundsMinor: 0,
        feesMinor: 0,
        adjustmentsMinor: 0,
        netMinor: 2500,
      },
    ]);
    expect(eur?.byEvent).toEqual([
      expect.objectContaining({
        eventId: shop.event.id,
        eventName: 'Summer Concert',
        grossMinor: 12500,
        netMinor: 10920,
      }),
    ]);
    const seriesGross = eur?.series.reduce((sum, point) => sum + point.grossMinor, 0);
    expect(seriesGross).toBe(12500);
    expect(eur?.series.reduce((sum, point) => sum + point.refundsMinor, 0)).toBe(1200);
  });

  it('counts by event date: nothing for a period before the event, everything for the day it starts', async () => {
    const before = await summaryOf(`from=${today()}&to=${today()}&basis=event`);
    expect(before.currencies).toEqual([]);
    const day = shop.event.startsAt.slice(0, 10);
    const on = await summaryOf(`from=${day}&to=${day}&basis=event&tz=UTC`);
    expect(on.bucket).toBe('day');
    expect(on.currencies[0]).toMatchObject({ grossMinor: 12500, netMinor: 10920 });
    expect(on.currencies[0]?.series).toEqual([{ date: day, grossMinor: 12500, refundsMinor: 1200 }]);
  });

  it('is scoped to one event when asked, and to the period by payment date', async () => {
    const other = await createEvent(app(), shop.admin.accessToken, shop.organizationId, { name: 'Other' });
    const only = await summaryOf(periodQuery(`&eventId=${other.id}`));
    expect(only.currencies).toEqual([]);
    const past = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    expect((await summaryOf(`from=${past}&to=${past}`)).currencies).toEqual([]);
    expect((await summaryOf(periodQuery(`&eventId=${shop.event.id}`))).currencies[0]?.grossMinor).toBe(12500);
  });

  it('gives one block per currency', async () => {
    const shop2 = await newShop(app());
    await app()
      .ctx.db.update(organizations)
      .set({ defaultCurrency: 'GBP' })
      .where(eq(organizations.id, shop2.organizationId));
    let event = await createEvent(app(), shop2.admin.accessToken, shop2.organizationId, { name: 'London' });
    event = await addTicketType(app(), shop2.admin.accessToken, shop2.organizationId, event.id, {
      priceMinor: 1000,
    });
    await app().ctx.db.update(events).set({ status: 'published' }).where(eq(events.id, event.id));
    const gbpShop = { ...shop2, event };
    const euro = await offlineOrder(app(), shop2, 1);
    await markPaid(app(), shop2, euro.orderId);
    const pound = await offlineOrder(app(), gbpShop, 3);
    await markPaid(app(), shop2, pound.orderId);
    const response = await financesGet(app(), shop2, `/api/finances/summary?${periodQuery()}`);
    const summary = response.json<FinancesSummary>();
    expect(summary.currencies.map((block) => [block.currency, block.grossMinor])).toEqual([
      ['GBP', 3000],
      ['EUR', 2500],
    ]);
  });
});

describe('the rows behind a figure', () => {
  it('lists the rows of each figure, newest first, with their orders, a page at a time', async () => {
    const first = await financesGet(
      app(),
      shop,
      `/api/finances/entries?${periodQuery('&figure=gross&limit=2')}`,
    );
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<LedgerEntryPage>();
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).not.toBeNull();
    const second = await financesGet(
      app(),
      shop,
      `/api/finances/entries?${periodQuery(`&figure=gross&limit=2&cursor=${page.nextCursor}`)}`,
    );
    const rest = second.json<LedgerEntryPage>();
    expect(rest.nextCursor).toBeNull();
    const all = [...page.items, ...rest.items];
    expect(all.map((row) => row.kind)).toEqual(['sale', 'sale', 'sale']);
    expect(all.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(12500);
    expect(new Set(all.map((row) => row.id)).size).toBe(3);
    expect(all.find((row) => row.orderId === offlineOrderId)).toMatchObject({
      buyerName: 'Bea Buyer',
      eventName: 'Summer Concert',
    });

    const refunds = (
      await financesGet(app(), shop, `/api/finances/entries?${periodQuery('&figure=refunds')}`)
    ).json<LedgerEntryPage>();
    expect(refunds.items.map((row) => [row.kind, row.amountMinor, row.orderId])).toEqual([
      ['refund', -1200, cardOrderId],
    ]);
    const net = (
      await financesGet(app(), shop, `/api/finances/entries?${periodQuery('&figure=net&limit=200')}`)
    ).json<LedgerEntryPage>();
    expect(net.items.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(10920);
    const card = (
      await financesGet(app(), shop, `/api/finances/entries?${periodQuery('&figure=net&method=stripe')}`)
    ).json<LedgerEntryPage>();
    expect(card.items.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(3420);
  });
});

describe('the accountant’s journal', () => {
  it('writes each ledger row as a debit and a credit: the journal balances, in English and French', async () => {
    const response = await financesGet(app(), shop, `/api/finances/journal.csv?${periodQuery()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="journal-/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Date,Journal,Account,Label,Order,Reference,Debit,Credit,Currency,Entry');
    const cents = (cell: string | undefined) => Math.round(Number(cell || '0') * 100);
    let debit = 0;
    let credit = 0;
    for (const line of lines.slice(1)) {
      // No field of these rows holds a comma.
      const cells = line.split(',');
      debit += cents(cells[6]);
      credit += cents(cells[7]);
    }
    expect(debit).toBe(credit);
    // Sales 12500 + money in 12500 + refund 1200 + fees 380: each once on each side.
    expect(debit).toBe(12500 + 12500 + 1200 + 380);
    expect(lines.filter((line) => line.includes(',706000,'))).toHaveLength(3);

    const french = await financesGet(app(), shop, `/api/finances/journal.csv?${periodQuery('&locale=fr')}`);
    const frLines = french.body.slice(1).trim().split('\r\n');
    expect(frLines[0]).toBe('Date;Journal;Compte;Libellé;Commande;Référence;Débit;Crédit;Devise;Écriture');
    expect(frLines.some((line) => line.includes(';50,00;'))).toBe(true);
  });
});

describe('an order’s net', () => {
  it('is on the order detail and the finances order view: gross, fees, refunded, net', async () => {
    const expected = {
      currency: 'EUR',
      grossMinor: 5000,
      // The organisation is not registered for VAT.
      vatMinor: 0,
      processorFeeMinor: 100,
      platformFeeMinor: 280,
      refundedMinor: 1200,
      adjustmentsMinor: 0,
      netMinor: 3420,
    };
    const detail = await app().inject({
      method: 'GET',
      url: `/api/orders/${cardOrderId}`,
      headers: { ...bearer(shop.admin.accessToken), 'x-organization-id': shop.organizationId },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<OrderDetail>().net).toEqual(expected);
    const view = await financesGet(app(), shop, `/api/finances/orders/${cardOrderId}`);
    expect(view.statusCode, view.body).toBe(200);
    const order = view.json<FinanceOrder>();
    expect(order.net).toEqual(expected);
    expect(order.entries.map((row) => row.kind).sort()).toEqual([
      'card_payment',
      'platform_fee',
      'processor_fee',
      'refund',
      'sale',
    ]);
  });
});

describe('who may see the finances', () => {
  const urls = () => [
    `/api/finances/summary?${periodQuery()}`,
    `/api/finances/entries?${periodQuery()}`,
    `/api/finances/orders/${cardOrderId}`,
    `/api/finances/journal.csv?${periodQuery()}`,
  ];

  it('admits ALL and FINANCE', async () => {
    const finance = await addStaff(app(), shop.organizationId, ['FINANCE']);
    for (const url of urls()) {
      expect((await financesGet(app(), shop, url, finance.accessToken)).statusCode, url).toBe(200);
      expect((await financesGet(app(), shop, url)).statusCode, url).toBe(200);
    }
  });

  it('refuses EVENT, MEMBER, DASHBOARD, SCAN-only, another organisation and anonymous callers', async () => {
    const before = await ledgerOf(app(), shop.organizationId);
    for (const permissions of [['EVENT'], ['MEMBER'], ['DASHBOARD'], ['SCAN']] as Permission[][]) {
      const person = await addStaff(app(), shop.organizationId, permissions);
      for (const url of urls()) {
        expect(
          (await financesGet(app(), shop, url, person.accessToken)).statusCode,
          `${permissions} ${url}`,
        ).toBe(403);
      }
    }
    const stranger = await newShop(app());
    for (const url of urls()) {
      expect((await financesGet(app(), shop, url, stranger.admin.accessToken)).statusCode).toBe(403);
      expect(
        (await app().inject({ method: 'GET', url, headers: { 'x-organization-id': shop.organizationId } }))
          .statusCode,
      ).toBe(401);
      // The stranger's own organisation does not see this one's order.
      if (url.includes('/orders/')) expect((await financesGet(app(), stranger, url)).statusCode).toBe(404);
    }
    expect(await ledgerOf(app(), shop.organizationId)).toEqual(before);
  });
});

describe('bad input', () => {
  it('answers 400 with a code, never 5xx', async () => {
    const bad = [
      '/api/finances/summary',
      '/api/finances/summary?from=2026-02-30&to=2026-03-01',
      '/api/finances/summary?from=2026-03-02&to=2026-03-01',
      '/api/finances/summary?from=2020-01-01&to=2026-03-01',
      '/api/finances/summary?from=2026-01-01&to=2026-03-01&tz=Mars/Olympus',
      '/api/finances/summary?from=2026-01-01&to=2026-03-01&basis=order',
      '/api/finances/summary?from=2026-01-01&to=2026-03-01&eventId=nope',
      '/api/finances/entries?from=2026-01-01&to=2026-03-01&figure=profit',
      '/api/finances/entries?from=2026-01-01&to=2026-03-01&limit=0',
      '/api/finances/entries?from=2026-01-01&to=2026-03-01&currency=euro',
      '/api/finances/entries?from=2026-01-01&to=2026-03-01&method=cash',
      '/api/finances/orders/not-a-uuid',
    ];
    for (const url of bad) {
      const response = await financesGet(app(), shop, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code, url).toBeTruthy();
    }
    const forged = Buffer.from(
      JSON.stringify(['not a date', '0190a0a0-0000-7000-8000-000000000000']),
    ).toString('base64url');
    for (const url of [`/api/finances/entries?${periodQuery(`&cursor=${forged}`)}`]) {
      expect((await financesGet(app(), shop, url)).statusCode, url).toBe(400);
    }
    // A garbled cursor starts from the beginning, as every list does.
    expect(
      (await financesGet(app(), shop, `/api/finances/entries?${periodQuery('&cursor=%25%25')}`)).statusCode,
    ).toBe(200);
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    expect(
      (await financesGet(app(), shop, `/api/finances/summary?${periodQuery(`&eventId=${unknown}`)}`))
        .statusCode,
    ).toBe(404);
    expect((await financesGet(app(), shop, `/api/finances/orders/${unknown}`)).statusCode).toBe(404);
  });
});

describe('buckets', () => {
  it('start on Mondays and firsts of months, covering the period', () => {
    expect(bucketDates('2026-03-04', '2026-03-06', 'day')).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(bucketDates('2026-03-04', '2026-03-17', 'week')).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(bucketDates('2026-01-31', '2026-03-01', 'month')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });
});
