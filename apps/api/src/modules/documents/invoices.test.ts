import type { BuyerDocument, FinanceDocument, FinanceOrder } from '@guichet/shared/finances';
import type { OrderDetail } from '@guichet/shared/orders';
import { vatIncluded } from '@guichet/shared/vat';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financesGet, refundOrder } from '../../../test/support/finances';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV, typeId } from '../../../test/support/orders';
import { readPdf } from '../../../test/support/pdf-reader';
import { addStaff, orgHeaders } from '../../../test/support/teams';

let t: TestContext;
let shop: Shop;

/** A shop registered for VAT: a reduced-rate type (5.5 %), a type at the default rate (20 %). */
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await newShop(t.app, [
    { name: 'Concert', priceMinor: 1000, capacity: 500, vatRateBp: 550 },
    { name: 'Parking', priceMinor: 2499, capacity: 500 },
  ]);
  const saved = await setVat(shop, {
    registered: true,
    vatNumber: 'FR40123456789',
    ratesBp: [550, 2000],
    defaultRateBp: 2000,
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t.close());

function setVat(target: Shop, payload: object, token = target.admin.accessToken) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/finances/vat-settings',
    headers: orgHeaders(token, target.organizationId),
    payload,
  });
}

/** A box-office sale paid at once: `concert` reduced-rate and `parking` default-rate tickets. */
async function sale(target: Shop, concert: number, parking: number, sendEmail = false): Promise<OrderDetail> {
  const lines = [
    ...(concert > 0 ? [{ ticketTypeId: typeId(target, 0), quantity: concert }] : []),
    ...(parking > 0 ? [{ ticketTypeId: typeId(target, 1), quantity: parking }] : []),
  ];
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/events/${target.event.id}/orders`,
    headers: orgHeaders(target.admin.accessToken, target.organizationId),
    payload: {
      buyer: { name: 'Jeanne Martin', email: 'jeanne@example.com' },
      lines,
      payment: 'paid',
      sendEmail,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderDetail>();
}

function issue(target: Shop, orderId: string, payload: object, token = target.admin.accessToken) {
  return t.app.inject({
    method: 'POST',
    url: `/api/finances/orders/${orderId}/documents`,
    headers: orgHeaders(token, target.organizationId),
    payload,
  });
}

async function documentsOf(target: Shop, orderId: string) {
  const list = await financesGet(t.app, target, '/api/finances/documents?limit=200');
  return list.json<{ items: FinanceDocument[] }>().items.filter((item) => item.orderId === orderId);
}

describe('VAT', () => {
  it('is computed per ticket at sale for inclusive prices and several rates, and stored', async () => {
    expect(vatIncluded(1000, 550)).toBe(52); // 52.13
    expect(vatIncluded(2499, 2000)).toBe(417); // 416.5 rounds half up
    expect(vatIncluded(1200, 2000)).toBe(200);
    expect(vatIncluded(0, 2000)).toBe(0);
    const order = await sale(shop, 2, 1);
    const rows = await rowsOf(
      sql`select vat_rate_bp, vat_minor, guichet_vat_included(price_minor, vat_rate_bp) as db_rule
          from tickets where order_id = ${order.id} order by vat_rate_bp`,
    );
    expect(
      rows.rows.map((row) => [Number(row.vat_rate_bp), Number(row.vat_minor), Number(row.db_rule)]),
    ).toEqual([
      [550, 52, 52],
      [550, 52, 52],
      [2000, 417, 417],
    ]);
    const finance = await financesGet(t.app, shop, `/api/finances/orders/${order.id}`);
    expect(finance.json<FinanceOrder>().net).toMatchObject({ grossMinor: 4499, vatMinor: 521 });

    // The same rule in the database and in TypeScript, for prices and rates around every rounding edge.
    const probe = await rowsOf(sql`
      select p as price, r as rate, guichet_vat_included(p, r) as vat
      from generate_series(0, 3000, 7) p, unnest(array[0, 210, 550, 1000, 2000, 2100]) r`);
    for (const row of probe.rows) {
      expect(Number(row.vat), `${row.price} at ${row.rate}`).toBe(
        vatIncluded(Number(row.price), Number(row.rate)),
      );
    }
  });

  it('keeps a sold ticket’s VAT when the settings change, and refuses to alter it', async () => {
    const order = await sale(shop, 1, 0);
    const other = await newShop(t.app, [{ name: 'Entry', priceMinor: 1000, capacity: 10 }]);
    const unregistered = await sale2(other);
    expect(await vatOf(unregistered.id)).toEqual([0]);
    expect((await setVat(shop, { registered: false })).statusCode).toBe(200);
    const after = await sale(shop, 1, 0);
    expect(await vatOf(order.id)).toEqual([52]);
    expect(await vatOf(after.id)).toEqual([0]);
    expect(await refusal(sql`update tickets set vat_minor = 0 where order_id = ${order.id}`)).toMatch(
      /VAT is fixed when it is sold/,
    );
    expect(
      (
        await setVat(shop, {
          registered: true,
          vatNumber: 'FR40123456789',
          ratesBp: [550, 2000],
          defaultRateBp: 2000,
        })
      ).statusCode,
    ).toBe(200);
  });
});

async function vatOf(orderId: string) {
  const rows = await rowsOf(sql`select vat_minor from tickets where order_id = ${orderId}`);
  return rows.rows.map((row) => Number(row.vat_minor));
}

async function sale2(target: Shop) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/events/${target.event.id}/orders`,
    headers: orgHeaders(target.admin.accessToken, target.organizationId),
    payload: {
      buyer: { name: 'Paul', email: 'paul@example.com' },
      lines: [{ ticketTypeId: typeId(target), quantity: 1 }],
      payment: 'paid',
      sendEmail: false,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderDetail>();
}

describe('invoices and credit notes', () => {
  it('numbers 100 invoices issued at once 1 to 100, no gap and no duplicate', async () => {
    const target = await newShop(t.app, [
      { name: 'Concert', priceMinor: 1000, capacity: 500 },
      { name: 'Parking', priceMinor: 500, capacity: 500 },
    ]);
    const orders: string[] = [];
    for (let index = 0; index < 100; index += 1) orders.push((await sale(target, 1, 0)).id);
    const responses = await Promise.all(
      orders.map((id, index) =>
        issue(target, id, { kind: 'invoice', billing: { name: `Company ${index}` } }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const numbers = responses
      .map((response) => response.json<FinanceDocument>().number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    // A slow machine makes 100 sales slowly: the rule holds whatever the time it takes.
  }, 180_000);

  it('issues a credit note with each refund of an invoiced order, in its own series, with the refund’s VAT', async () => {
    const order = await sale(shop, 2, 1); // 1000 + 1000 + 2499 = 4499
    const invoice = await issue(shop, order.id, {
      kind: 'invoice',
      billing: { name: 'Acme SARL', address: '1 rue de la Paix, Paris', vatNumber: 'FR12345678901' },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json<FinanceDocument>().vatLines).toEqual([
      { rateBp: 550, grossMinor: 2000, vatMinor: 104 },
      { rateBp: 2000, grossMinor: 2499, vatMinor: 417 },
    ]);
    const partial = await refundOrder(t.app, shop, order.id, { ticketIds: [], amountMinor: 1000 });
    expect(partial.statusCode, partial.body).toBe(200);
    let notes = (await documentsOf(shop, order.id)).filter((item) => item.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    // 1000 shared 2000:2499 → 444 at 5.5 % (VAT 23), the rest 556 at 20 % (VAT 93).
    expect(notes[0]).toMatchObject({
      number: 1,
      reference: 'CN-000001',
      amountMinor: 1000,
      billedTo: { name: 'Acme SARL', vatNumber: 'FR12345678901' },
      vatLines: [
        { rateBp: 550, grossMinor: 444, vatMinor: 23 },
        { rateBp: 2000, grossMinor: 556, vatMinor: 93 },
      ],
    });
    const rest = await refundOrder(t.app, shop, order.id, { ticketIds: [], amountMinor: 3499 });
    expect(rest.statusCode, rest.body).toBe(200);
    notes = (await documentsOf(shop, order.id)).filter((item) => item.kind === 'credit_note');
    expect(notes.map((note) => note.number).sort()).toEqual([1, 2]);
    // Everything refunded: the order's VAT is back to zero.
    const finance = await financesGet(t.app, shop, `/api/finances/orders/${order.id}`);
    expect(finance.json<FinanceOrder>().net).toMatchObject({
      grossMinor: 4499,
      refundedMinor: 4499,
      vatMinor: 0,
    });
  });

  it('numbers credit notes of refunds made at once without gap or duplicate', async () => {
    const target = await newShop(t.app, [
      { name: 'Concert', priceMinor: 1000, capacity: 500 },
      { name: 'Parking', priceMinor: 500, capacity: 500 },
    ]);
    const orders: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const order = await sale(target, 1, 0);
      expect((await issue(target, order.id, { kind: 'invoice' })).statusCode).toBe(201);
      orders.push(order.id);
    }
    const refunds = await Promise.all(
      orders.map((id) => refundOrder(t.app, target, id, { ticketIds: [], amountMinor: 400 })),
    );
    for (const response of refunds) expect(response.statusCode, response.body).toBe(200);
    const numbers = (await listCreditNotes(target)).map((note) => note.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  }, 120_000);

  it('credits the refunds made before an invoice was asked for, and no refund of an order without invoice', async () => {
    const before = (await listCreditNotes(shop)).length;
    const order = await sale(shop, 1, 0);
    expect((await refundOrder(t.app, shop, order.id, { ticketIds: [], amountMinor: 300 })).statusCode).toBe(
      200,
    );
    expect(await listCreditNotes(shop)).toHaveLength(before);
    expect((await issue(shop, order.id, { kind: 'invoice' })).statusCode).toBe(201);
    const notes = (await documentsOf(shop, order.id)).filter((item) => item.kind === 'credit_note');
    expect(notes).toMatchObject([{ amountMinor: 300, number: before + 1 }]);
  });

  it('never alters an issued invoice', async () => {
    const order = await sale(shop, 1, 0);
    const invoice = (
      await issue(shop, order.id, { kind: 'invoice', billing: { name: 'Acme' } })
    ).json<FinanceDocument>();
    expect(
      await refusal(
        sql`update documents set billed_to = '{"name":"Other","email":"x@y.z"}' where id = ${invoice.id}`,
      ),
    ).toMatch(/issued documents never change: UPDATE refused/);
    expect(
      await refusal(sql`update documents set amount_minor = amount_minor where id = ${invoice.id}`),
    ).toMatch(/never change/);
    expect(await refusal(sql`delete from documents where id = ${invoice.id}`)).toMatch(/never change/);
    // Asked again with other details: the invoice issued, unchanged.
    const again = await issue(shop, order.id, { kind: 'invoice', billing: { name: 'Someone Else' } });
    expect(again.statusCode).toBe(200);
    expect(again.json<FinanceDocument>()).toMatchObject({
      reference: invoice.reference,
      billedTo: { name: 'Acme' },
    });
  });
});

async function listCreditNotes(target: Shop) {
  const list = await financesGet(t.app, target, '/api/finances/documents?limit=200');
  return list.json<{ items: FinanceDocument[] }>().items.filter((item) => item.kind === 'credit_note');
}

describe('the buyer’s documents', () => {
  it('asks for an invoice with the order’s code only, and downloads it and the receipt', async () => {
    const order = await sale(shop, 1, 1);
    const url = `/api/public/orders/${order.code}/invoice`;
    const billing = { name: 'Dupont & Fils', address: '2 place Bellecour, Lyon', vatNumber: 'FR99999999999' };
    for (const payload of [
      {},
      { billing: {} },
      { billing: { name: '' } },
      { billing: { ...billing, x: 1 } },
    ]) {
      const bad = await t.app.inject({ method: 'POST', url, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error.code).toBe('argument-error');
    }
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/public/orders/NOPE1234/invoice',
      payload: { billing },
    });
    expect(wrong.statusCode).toBe(404);
    const asked = await t.app.inject({ method: 'POST', url, payload: { billing } });
    expect(asked.statusCode, asked.body).toBe(201);
    const again = await t.app.inject({ method: 'POST', url, payload: { billing: { name: 'Other' } } });
    expect(again.statusCode).toBe(200);
    expect(again.json<BuyerDocument>().reference).toBe(asked.json<BuyerDocument>().reference);

    const invoicePdf = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${order.code}/invoice.pdf`,
    });
    expect(invoicePdf.statusCode).toBe(200);
    expect(invoicePdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(invoicePdf.rawPayload)).pages.join('\n');
    expect(text).toContain(asked.json<BuyerDocument>().reference);
    expect(text).toContain('Dupont & Fils');
    expect(text).toContain('FR99999999999');

    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${order.code}/receipt.pdf`,
    });
    expect(receipt.statusCode).toBe(200);
    expect((await readPdf(receipt.rawPayload)).pages.join('\n')).toContain(order.code);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/public/orders/NOPE1234/receipt.pdf' })).statusCode,
    ).toBe(404);
  });
});

describe('reports', () => {
  it('counts a refund in the VAT report of the period it happened, and writes French CSV', async () => {
    const target = await newShop(t.app, [
      { name: 'Concert', priceMinor: 1000, capacity: 50, vatRateBp: 550 },
      { name: 'Parking', priceMinor: 1200, capacity: 50 },
    ]);
    await setVat(target, { registered: true, vatNumber: 'FR1', ratesBp: [550, 2000], defaultRateBp: 2000 });
    const order = await sale(target, 0, 2);
    // The sale was paid in January; the refund is made today.
    await t.app.ctx.db.execute(
      sql`update orders set paid_at = '2026-01-15T10:00:00Z' where id = ${order.id}`,
    );
    expect(
      (await refundOrder(t.app, target, order.id, { ticketIds: [], amountMinor: 1200 })).statusCode,
    ).toBe(200);
    const january = await financesGet(
      t.app,
      target,
      '/api/finances/vat?from=2026-01-01&to=2026-01-31&tz=Europe/Paris',
    );
    expect(january.json().currencies).toEqual([
      {
        currency: 'EUR',
        lines: [
          {
            rateBp: 2000,
            salesGrossMinor: 2400,
            salesVatMinor: 400,
            refundsGrossMinor: 0,
            refundsVatMinor: 0,
            grossMinor: 2400,
            vatMinor: 400,
            netMinor: 2000,
          },
        ],
      },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const now = await financesGet(t.app, target, `/api/finances/vat?from=${today}&to=${today}`);
    expect(now.json().currencies[0].lines).toEqual([
      expect.objectContaining({
        rateBp: 2000,
        salesGrossMinor: 0,
        refundsGrossMinor: 1200,
        refundsVatMinor: 200,
        vatMinor: -200,
      }),
    ]);
    const csv = await financesGet(
      t.app,
      target,
      `/api/finances/vat.csv?from=2026-01-01&to=2026-01-31&locale=fr`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFDevise;Taux de TVA (%);')).toBe(true);
    expect(csv.body).toContain('EUR;20;24,00;4,00;0,00;0,00;24,00;4,00;20,00');
  });

  it('cashes up what each staff member took, by event and method, and exports orders with their money', async () => {
    const target = await newShop(t.app, [
      { name: 'Concert', priceMinor: 1000, capacity: 50, vatRateBp: 550 },
      { name: 'Parking', priceMinor: 1200, capacity: 50 },
    ]);
    await sale(target, 1, 1);
    await sale(target, 2, 0);
    const today = new Date().toISOString().slice(0, 10);
    const cash = await financesGet(t.app, target, `/api/finances/cash-up?from=${today}&to=${today}`);
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json().rows).toEqual([
      expect.objectContaining({
        eventId: target.event.id,
        staffId: target.admin.user.id,
        staffName: 'Olga Organiser',
        channel: 'box_office',
        count: 2,
        amountMinor: 4200,
        currency: 'EUR',
      }),
    ]);
    const csv = await financesGet(t.app, target, `/api/finances/cash-up.csv?from=${today}&to=${today}`);
    expect(csv.body).toContain('Olga Organiser');
    const orders = await financesGet(t.app, target, `/api/finances/orders.csv?from=${today}&to=${today}`);
    expect(orders.statusCode).toBe(200);
    const lines = orders.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFOrder,Paid at,Event,Buyer,E-mail,Payment method,Currency,Gross,VAT,Processor fee,Platform fee,Refunded,Adjustments,Net',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,EUR,22\.00,0\.00,0\.00,0\.00,0\.00,0\.00,22\.00$/);
  });
});

describe('who may', () => {
  it('admits ALL and FINANCE, refuses EVENT, MEMBER, DASHBOARD, SCAN and other organisations, and bad input', async () => {
    const order = await sale(shop, 1, 0);
    const invoice = (await issue(shop, order.id, { kind: 'invoice' })).json<FinanceDocument>();
    const today = new Date().toISOString().slice(0, 10);
    const reads = [
      '/api/finances/vat-settings',
      `/api/finances/vat?from=${today}&to=${today}`,
      `/api/finances/vat.csv?from=${today}&to=${today}`,
      `/api/finances/cash-up?from=${today}&to=${today}`,
      `/api/finances/cash-up.csv?from=${today}&to=${today}`,
      `/api/finances/orders.csv?from=${today}&to=${today}`,
      `/api/finances/documents/${invoice.id}/pdf`,
    ];
    const finance = await addStaff(t.app, shop.organizationId, ['FINANCE']);
    for (const url of reads) {
      expect((await financesGet(t.app, shop, url)).statusCode, url).toBe(200);
      expect((await financesGet(t.app, shop, url, finance.accessToken)).statusCode, url).toBe(200);
    }
    const settings = {
      registered: true,
      vatNumber: 'FR40123456789',
      ratesBp: [550, 2000],
      defaultRateBp: 2000,
    };
    expect((await setVat(shop, settings, finance.accessToken)).statusCode).toBe(200);
    const pdf = await financesGet(t.app, shop, `/api/finances/documents/${invoice.id}/pdf?locale=fr`);
    expect((await readPdf(pdf.rawPayload)).pages.join('\n')).toContain('Facture');

    const before = await rowsOf(
      sql`select * from organization_vat_settings where organization_id = ${shop.organizationId}`,
    );
    for (const permissions of [['EVENT'], ['MEMBER'], ['DASHBOARD'], ['SCAN']] as const) {
      const person = await addStaff(t.app, shop.organizationId, [...permissions]);
      for (const url of reads) {
        expect(
          (await financesGet(t.app, shop, url, person.accessToken)).statusCode,
          `${permissions} ${url}`,
        ).toBe(403);
      }
      expect((await setVat(shop, { registered: false }, person.accessToken)).statusCode).toBe(403);
    }
    const after = await rowsOf(
      sql`select * from organization_vat_settings where organization_id = ${shop.organizationId}`,
    );
    expect(after.rows).toEqual(before.rows);

    // Another organisation's admin: refused on this organisation, and the document is not found in theirs.
    const stranger = await newShop(t.app);
    expect((await financesGet(t.app, shop, reads[6] ?? '', stranger.admin.accessToken)).statusCode).toBe(403);
    expect((await financesGet(t.app, stranger, reads[6] ?? '')).statusCode).toBe(404);

    for (const payload of [
      {},
      { registered: 'yes' },
      { registered: true },
      { registered: true, vatNumber: 'FR1', ratesBp: [20000] },
      { registered: false, x: 1 },
    ]) {
      expect((await setVat(shop, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const url of [
      '/api/finances/vat?from=2026-02-01&to=2026-01-01',
      '/api/finances/cash-up?from=x&to=y',
      '/api/finances/orders.csv',
      `/api/finances/vat.csv?from=${today}&to=${today}&locale=de`,
      '/api/finances/documents/nope/pdf',
    ]) {
      expect((await financesGet(t.app, shop, url)).statusCode, url).toBe(400);
    }
  });
});

/** The rows of a statement of the test's own (to look at what the database stored). */
async function rowsOf(statement: ReturnType<typeof sql>): Promise<{ rows: Record<string, unknown>[] }> {
  return (await t.app.ctx.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
}

/** The database's message refusing a statement (empty when it was accepted). */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await t.app.ctx.db.execute(statement);
    return '';
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
}
