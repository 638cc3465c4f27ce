import type { OrderDetail } from '@guichet/shared/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody, orderIdOf, typeId } from '../../../test/support/orders';
import { readPdf } from '../../../test/support/pdf-reader';
import { appWithSmtp, attachmentOf } from '../../../test/support/smtp';
import { orgHeaders } from '../../../test/support/teams';

// A real SMTP server on 127.0.0.1 keeping the raw messages it accepts, by recipient.
let received: Map<string, string>;
let t: TestContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, received, close } = await appWithSmtp());
});
afterAll(async () => {
  await close?.();
});

describe('the receipt in the tickets e-mail', () => {
  it('is issued and attached when a paid order’s tickets leave, and read back as its PDF', async () => {
    const shop = await newShop(t.app, [{ name: 'Concert', priceMinor: 1800, capacity: 10 }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/events/${shop.event.id}/orders`,
      headers: orgHeaders(shop.admin.accessToken, shop.organizationId),
      payload: {
        buyer: { name: 'Léa Roux', email: 'lea.roux@example.com' },
        lines: [{ ticketTypeId: typeId(shop), quantity: 2 }],
        payment: 'paid',
        locale: 'fr',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<OrderDetail>();
    await t.app.outbox.drain();

    const raw = received.get('lea.roux@example.com') ?? '';
    expect(raw).toContain(`tickets-${order.code}.pdf`);
    const attachment = attachmentOf(raw, 'receipt-R-000001.pdf');
    expect(attachment?.headers).toMatch(/Content-Type: application\/pdf/);
    const text = (await readPdf(attachment?.content ?? Buffer.alloc(0))).pages.join('\n');
    expect(text).toContain('Reçu');
    expect(text).toContain('R-000001');
    expect(text).toContain(order.code);
    expect(text).toContain('Léa Roux');

    // The order's mail lists it, and the buyer's download is the same receipt (not a second number).
    const emails = await shop.call('GET', `/api/orders/${order.id}/emails`);
    expect(emails.json().items[0].attachments).toContain(`receipt-${order.code}.pdf`);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${order.code}/receipt.pdf`,
    });
    expect(download.headers['content-disposition']).toContain('receipt-R-000001.pdf');
  });

  it('is not attached to a free order’s tickets', async () => {
    const shop = await newShop(t.app, [{ name: 'Entry', priceMinor: 0, capacity: 10 }]);
    const body = orderBody(shop, { paymentMethod: 'free' });
    await bought(t.app, shop, body);
    await t.app.outbox.drain();
    const raw = received.get(body.buyer.email) ?? '';
    expect(raw).toContain('tickets-');
    expect(raw).not.toContain('receipt-');
  });
});

describe('the invoice asked for at checkout, in the tickets e-mail', () => {
  it('is attached as it was issued with the payment, beside the receipt', async () => {
    const shop = await newShop(t.app, [{ name: 'Workshop', priceMinor: 3000, capacity: 10 }]);
    const body = orderBody(shop, {
      paymentMethod: 'offline',
      lines: [{ ticketTypeId: typeId(shop), quantity: 1 }],
      billing: { name: 'Studio Nord', vatNumber: 'FR55555555555' },
    });
    const order = await bought(t.app, shop, body);
    const id = await orderIdOf(t.app, order.code);
    expect((await shop.call('POST', `/api/orders/${id}/mark-paid`)).statusCode).toBe(200);
    await t.app.outbox.drain();

    const raw = received.get(body.buyer.email) ?? '';
    expect(raw).toContain('receipt-R-');
    const attachment = attachmentOf(raw, 'invoice-INV-000001.pdf');
    expect(attachment?.headers).toMatch(/Content-Type: application\/pdf/);
    const text = (await readPdf(attachment?.content ?? Buffer.alloc(0))).pages.join('\n');
    expect(text).toContain('INV-000001');
    expect(text).toContain('Studio Nord');
    expect(text).toContain('FR55555555555');
  });
});
