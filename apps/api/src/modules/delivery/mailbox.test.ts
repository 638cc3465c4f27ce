import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody, TEST_ENV } from '../../../test/support/orders';
import { readPdf } from '../../../test/support/pdf-reader';

// No mail server: mail stays in the outbox and the development mailbox shows it with its attachments.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV, { mailer: null });
});
afterAll(async () => t.close());

describe('the development mailbox', () => {
  it('offers the tickets’ PDF of a kept mail as a download', async () => {
    const shop = await newShop(t.app, [{ name: 'Entry', priceMinor: 0, capacity: 10 }]);
    const body = orderBody(shop, { paymentMethod: 'free' });
    const order = await bought(t.app, shop, body);
    await t.app.outbox.drain();

    const list = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    const item = list
      .json<{ items: { to: string; attachments: { filename: string; url: string }[] }[] }>()
      .items.find((mail) => mail.to === body.buyer.email);
    expect(item?.attachments).toEqual([
      {
        filename: `tickets-${order.code}.pdf`,
        url: expect.stringMatching(/^\/api\/dev\/mailbox\/.+\/attachments\/0$/),
      },
      {
        filename: 'event.ics',
        url: expect.stringMatching(/^\/api\/dev\/mailbox\/.+\/attachments\/1$/),
      },
    ]);

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain(`href="${item?.attachments[0]?.url}"`);
    expect(page.body).toContain(`tickets-${order.code}.pdf`);

    const file = await t.app.inject({ method: 'GET', url: item?.attachments[0]?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await readPdf(file.rawPayload)).pageCount).toBe(2);

    const missing = await t.app.inject({
      method: 'GET',
      url: (item?.attachments[0]?.url ?? '').replace(/0$/, '2'),
    });
    expect(missing.statusCode).toBe(404);
  });
});
