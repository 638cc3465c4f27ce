import { documentCounters, documents } from '@guichet/db/schema/ledger';
import { refunds } from '@guichet/db/schema/payments';
import { auditLog } from '@guichet/db/schema/teams';
import type { FinanceDocument } from '@guichet/shared/finances';
import type { CreatePublicOrderBody, OrderDetail, PublicOrder } from '@guichet/shared/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, financesGet, markPaid } from '../../../test/support/finances';
import { buy, newShop, orderBody, orderIdOf, type Shop, typeId } from '../../../test/support/orders';
import {
  connectStripe,
  publicOrder,
  type StripeTest,
  sessionIdOf,
  stripeTestApp,
} from '../../../test/support/payments';
import { readPdf } from '../../../test/support/pdf-reader';

// Invoices asked for at checkout (decision 032): issued by the payment's transaction, whichever way the
// order is paid, with the organisation's gapless invoice numbers. And credit notes issued only for refunds
// that gave money back: one Stripe refuses leaves none.

let s: StripeTest;
beforeAll(async () => {
  s = await stripeTestApp();
});
afterAll(async () => s.close());

const app = () => s.t.app;
const ACME = { name: 'Acme SARL', address: '1 rue de la Paix, Paris', vatNumber: 'FR12345678901' };

/** A shop registered for VAT at 20 %: a free type, a paid one (2400) and, for card orders, Stripe. */
async function vatShop(card = false): Promise<Shop> {
  const shop = await newShop(app(), [
    { name: 'Entry', priceMinor: 0, capacity: 500 },
    { name: 'Concert', priceMinor: 2400, capacity: 500 },
  ]);
  const vat = await shop.call('PUT', '/api/finances/vat-settings', {
    registered: true,
    vatNumber: 'FR40123456789',
    ratesBp: [2000],
    defaultRateBp: 2000,
  });
  expect(vat.statusCode, vat.body).toBe(200);
  if (card) await connectStripe(app(), shop);
  return shop;
}

function body(shop: Shop, overrides: Partial<CreatePublicOrderBody>): CreatePublicOrderBody {
  return orderBody(shop, { lines: [{ ticketTypeId: typeId(shop, 1), quantity: 2 }], ...overrides });
}

async function place(shop: Shop, overrides: Partial<CreatePublicOrderBody>) {
  const response = await buy(app(), shop, body(shop, overrides));
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json<PublicOrder>();
  return { order, orderId: await orderIdOf(app(), order.code) };
}

async function documentsOf(shop: Shop, orderId: string) {
  const list = await financesGet(app(), shop, '/api/finances/documents?limit=200');
  expect(list.statusCode, list.body).toBe(200);
  return list.json<{ items: FinanceDocument[] }>().items.filter((item) => item.orderId === orderId);
}

const invoicesOf = async (shop: Shop, orderId: string) =>
  (await documentsOf(shop, orderId)).filter((item) => item.kind === 'invoice');

async function mailAttachments(shop: Shop, orderId: string): Promise<string[]> {
  const emails = await shop.call('GET', `/api/orders/${orderId}/emails`);
  expect(emails.statusCode, emails.body).toBe(200);
  return emails.json<{ items: { attachments: string[] }[] }>().items.flatMap((item) => item.attachments);
}

describe('an invoice asked for at checkout', () => {
  it('is issued with a free order at once, with the company’s details, and offered on the order page', async () => {
    const shop = await vatShop();
    const { order, orderId } = await place(shop, {
      paymentMethod: 'free',
      lines: [{ ticketTypeId: typeId(shop, 0), quantity: 1 }],
      billing: { ...ACME, name: '  Acme SARL ' },
    });
    expect(order.status).toBe('paid');
    expect(await invoicesOf(shop, orderId)).toMatchObject([
      {
        number: 1,
        reference: 'INV-000001',
        amountMinor: 0,
        billedTo: { ...ACME, email: order.buyer.email },
        vatLines: [],
      },
    ]);
    expect((await publicOrder(app(), order.code)).invoiceReference).toBe('INV-000001');
    expect(await mailAttachments(shop, orderId)).toContain(`invoice-${order.code}.pdf`);
    const pdf = await app().inject({ method: 'GET', url: `/api/public/orders/${order.code}/invoice.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = (await readPdf(pdf.rawPayload)).pages.join('\n');
    expect(text).toContain('INV-000001');
    expect(text).toContain('Acme SARL');
    expect(text).toContain('FR12345678901');
    // Asked again from the order page: the invoice issued, unchanged.
    const again = await app().inject({
      method: 'POST',
      url: `/api/public/orders/${order.code}/invoice`,
      payload: { billing: { name: 'Someone Else' } },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().reference).toBe('INV-000001');
    const audit = await app()
      .ctx.db.select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, 'order.invoice-issued')));
    expect(audit).toMatchObject([{ after: { reference: 'INV-000001', amountMinor: 0 } }]);
  });

  it('waits for an offline order to be marked paid, and is never issued for one cancelled unpaid', async () => {
    const shop = await vatShop();
    const { order, orderId } = await place(shop, { billing: ACME });
    expect(order.status).toBe('pending_payment');
    expect(await invoicesOf(shop, orderId)).toEqual([]);
    expect((await publicOrder(app(), order.code)).invoiceReference).toBeUndefined();
    // The payment instructions mail carries no invoice: there is none yet.
    expect(await mailAttachments(shop, orderId)).not.toContain(`invoice-${order.code}.pdf`);

    const marked = await markPaid(app(), shop, orderId);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await invoicesOf(shop, orderId)).toMatchObject([
      {
        number: 1,
        amountMinor: 4800,
        billedTo: ACME,
        vatLines: [{ rateBp: 2000, grossMinor: 4800, vatMinor: 800 }],
      },
    ]);
    expect(await mailAttachments(shop, orderId)).toContain(`invoice-${order.code}.pdf`);

    const unpaid = await place(shop, { billing: ACME });
    const cancelled = await cancelOrder(app(), shop, unpaid.orderId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await invoicesOf(shop, unpaid.orderId)).toEqual([]);
    // No number was spent on it: the next invoice is number 2.
    const next = await place(shop, { billing: ACME });
    expect((await markPaid(app(), shop, next.orderId)).statusCode).toBe(200);
    expect((await invoicesOf(shop, next.orderId)).map((item) => item.number)).toEqual([2]);
  });

  it('is issued with a card order by Stripe’s payment webhook, not before', async () => {
    const shop = await vatShop(true);
    const { order, orderId } = await place(shop, { paymentMethod: 'stripe', billing: { name: 'Card Co' } });
    expect(order.status).toBe('reserved');
    expect(await invoicesOf(shop, orderId)).toEqual([]);
    const paid = await s.fake.pay(sessionIdOf(order.checkoutUrl));
    expect(paid.status).toBe(200);
    expect((await publicOrder(app(), order.code)).status).toBe('paid');
    expect(await invoicesOf(shop, orderId)).toMatchObject([
      { number: 1, amountMinor: 4800, billedTo: { name: 'Card Co', email: order.buyer.email } },
    ]);
    expect(await mailAttachments(shop, orderId)).toContain(`invoice-${order.code}.pdf`);
  });

  it('refuses bad company details with 400 and the fields in error, placing nothing', async () => {
    const shop = await vatShop();
    for (const [billing, path] of [
      [{}, 'body.billing.name'],
      [{ name: '   ' }, 'body.billing.name'],
      [{ name: 'A'.repeat(201) }, 'body.billing.name'],
      [{ name: 'Acme', address: 'x'.repeat(501) }, 'body.billing.address'],
      [{ name: 'Acme', vatNumber: 'x'.repeat(41) }, 'body.billing.vatNumber'],
      [{ name: 'Acme', siret: '123' }, 'body.billing'],
      ['Acme', 'body.billing'],
    ] as const) {
      const response = await buy(app(), shop, { ...body(shop, {}), billing });
      expect(response.statusCode, JSON.stringify(billing)).toBe(400);
      const error = response.json<{ error: { code: string; details: { path: string }[] } }>().error;
      expect(error.code).toBe('argument-error');
      expect(error.details.map((detail) => detail.path)).toContain(path);
    }
    const list = await financesGet(app(), shop, '/api/finances/documents?limit=200');
    expect(list.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('numbers the invoices of concurrent orders consecutively, with no gap and no duplicate', async () => {
    const shop = await vatShop();
    // A box-office sale invoiced by staff first: both ways share one series.
    const sale = await shop.call('POST', `/api/events/${shop.event.id}/orders`, {
      buyer: { name: 'Paul', email: 'paul@example.com' },
      lines: [{ ticketTypeId: typeId(shop, 1), quantity: 1 }],
      payment: 'paid',
      sendEmail: false,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const issued = await shop.call('POST', `/api/finances/orders/${sale.json<OrderDetail>().id}/documents`, {
      kind: 'invoice',
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        buy(
          app(),
          shop,
          body(shop, {
            paymentMethod: 'free',
            lines: [{ ticketTypeId: typeId(shop, 0), quantity: 1 }],
            billing: { name: `Company ${index}` },
          }),
        ),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const list = await financesGet(app(), shop, '/api/finances/documents?limit=200');
    const numbers = list
      .json<{ items: FinanceDocument[] }>()
      .items.filter((item) => item.kind === 'invoice')
      .map((item) => item.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
  }, 120_000);
});

describe('a credit note', () => {
  async function invoicedCardOrder(shop: Shop) {
    const { order, orderId } = await place(shop, { paymentMethod: 'stripe', billing: ACME });
    expect((await s.fake.pay(sessionIdOf(order.checkoutUrl))).status).toBe(200);
    expect(await invoicesOf(shop, orderId)).toHaveLength(1);
    return orderId;
  }

  const creditNotesOf = async (shop: Shop, orderId: string) =>
    (await documentsOf(shop, orderId)).filter((item) => item.kind === 'credit_note');

  it('is not issued for a refund Stripe refuses; the next refund takes the next number', async () => {
    const shop = await vatShop(true);
    const orderId = await invoicedCardOrder(shop);
    s.fake.state.refuseRefunds = 1;
    const refused = await shop.call('POST', `/api/orders/${orderId}/refunds`, { amountMinor: 1000 });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<OrderDetail>().refunds).toMatchObject([{ status: 'failed', amountMinor: 1000 }]);
    expect(await creditNotesOf(shop, orderId)).toEqual([]);
    // No number of the series was spent on it.
    const counters = await app()
      .ctx.db.select()
      .from(documentCounters)
      .where(
        and(
          eq(documentCounters.organizationId, shop.organizationId),
          eq(documentCounters.series, 'credit_note'),
        ),
      );
    expect(counters).toEqual([]);

    const accepted = await shop.call('POST', `/api/orders/${orderId}/refunds`, { amountMinor: 1000 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await creditNotesOf(shop, orderId)).toMatchObject([
      { number: 1, reference: 'CN-000001', amountMinor: 1000, billedTo: ACME },
    ]);
  });

  it('waits while Stripe is unreachable and is issued when the retried refund succeeds', async () => {
    const shop = await vatShop(true);
    const orderId = await invoicedCardOrder(shop);
    s.fake.state.failNext = 3;
    const pending = await shop.call('POST', `/api/orders/${orderId}/refunds`, { amountMinor: 500 });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json<OrderDetail>().refunds).toMatchObject([{ status: 'pending' }]);
    expect(await creditNotesOf(shop, orderId)).toEqual([]);
    const { retryPendingRefunds } = await import('../payments/refunds.service');
    await retryPendingRefunds(app().ctx, app().log, new Date(Date.now() + 60_000));
    await retryPendingRefunds(app().ctx, app().log, new Date(Date.now() + 60_000));
    const [row] = await app().ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row?.status).toBe('succeeded');
    const notes = await creditNotesOf(shop, orderId);
    expect(notes).toMatchObject([{ number: 1, amountMinor: 500 }]);
    const [stored] = await app()
      .ctx.db.select()
      .from(documents)
      .where(and(eq(documents.orderId, orderId), eq(documents.series, 'credit_note')));
    expect(stored?.refundId).toBe(row?.id);
  });
});
