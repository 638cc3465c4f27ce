import type { AddressInfo } from 'node:net';
import type { OrderDetail } from '@guichet/shared/orders';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody, TEST_ENV, typeId } from '../../../test/support/orders';
import { readPdf } from '../../../test/support/pdf-reader';
import { orgHeaders } from '../../../test/support/teams';

/** A real SMTP server on 127.0.0.1 keeping the raw messages it accepts, by recipient. */
const received = new Map<string, string>();
let smtp: SMTPServer;
let t: TestContext;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo)
          received.set(to.address, Buffer.concat(chunks).toString('latin1'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp(
    { ...TEST_ENV, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Guichet <no-reply@guichet.test>' },
    { mailer: 'smtp' },
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The base64 body of the MIME part whose headers name `filename`. */
function attachmentOf(raw: string, filename: string): { headers: string; content: Buffer } | undefined {
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, split);
    if (!headers.includes(filename)) continue;
    return { headers, content: Buffer.from(part.slice(split).replace(/\s+/g, ''), 'base64') };
  }
  return undefined;
}

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
