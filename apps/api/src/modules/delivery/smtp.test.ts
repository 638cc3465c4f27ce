import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody, orderIdOf, TEST_ENV } from '../../../test/support/orders';
import { readPdf } from '../../../test/support/pdf-reader';

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
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, split);
    if (!headers.includes(filename)) continue;
    const body = part.slice(split).replace(/\s+/g, '');
    return { headers, content: Buffer.from(body, 'base64') };
  }
  return undefined;
}

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
