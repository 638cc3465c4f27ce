import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody, orderIdOf } from '../../../test/support/orders';
import { readPdf } from '../../../test/support/pdf-reader';
import { appWithSmtp, attachmentOf } from '../../../test/support/smtp';

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

describe('tickets through a real SMTP server', () => {
  it('carry the PDF as an attachment that reads back with one page per ticket', async () => {
    const shop = await newShop(t.app, [{ name: 'Entry', priceMinor: 0, capacity: 10 }]);
    const body = orderBody(shop, { paymentMethod: 'free' });
    const order = await bought(t.app, shop, body);
    await t.app.outbox.drain();

    const raw = received.get(body.buyer.email);
    expect(raw).toBeDefined();
    expect(raw).toMatch(/^Content-Type: multipart\/mixed;/m);
    const filename = `tickets-${order.code}.pdf`;
    const attachment = attachmentOf(raw ?? '', filename);
    expect(attachment?.headers).toMatch(/Content-Type: application\/pdf/);
    expect(attachment?.headers).toMatch(/Content-Disposition: attachment/);
    const pdf = await readPdf(attachment?.content ?? Buffer.alloc(0));
    expect(pdf.pageCount).toBe(2);
    expect(pdf.pages.every((page) => page.includes(order.code))).toBe(true);

    const emails = await shop.call('GET', `/api/orders/${await orderIdOf(t.app, order.code)}/emails`);
    expect(emails.json().items).toMatchObject([{ status: 'sent', attachments: [filename, 'event.ics'] }]);
  });

  it('a pending order’s mail leaves without the tickets’ PDF', async () => {
    const shop = await newShop(t.app);
    const body = orderBody(shop);
    await bought(t.app, shop, body);
    await t.app.outbox.drain();
    const raw = received.get(body.buyer.email) ?? '';
    expect(raw).toContain('payment to make');
    expect(raw).not.toMatch(/application\/pdf/);
  });
});
