import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { addPeople, draftMailing, listOf, statusesOf } from '../../../test/support/mailings';
import { bought, newShop, orderBody, TEST_ENV } from '../../../test/support/orders';
import { MailingLane, mailingJob } from './mailing-lane';

/** A real SMTP server on 127.0.0.1 noting who got what, in the order it accepted the messages. */
const arrivals: { to: string; at: number; raw: string }[] = [];
let smtp: SMTPServer;
let t: TestContext;
/** Rate of the app's own lane in this file: 20 000 recipients would take a minute at 20 000/minute. */
const RATE = 1200;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) {
          arrivals.push({ to: to.address, at: Date.now(), raw: Buffer.concat(chunks).toString('latin1') });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp(
    {
      ...TEST_ENV,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Guichet <no-reply@guichet.test>',
      MAILING_RATE_PER_MINUTE: String(RATE),
    },
    { mailer: 'smtp' },
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const consenting = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    email: `${prefix}-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`,
    consent: true,
  }));

describe('the mailing lane', () => {
  it('keeps to its rate: a burst of one second’s worth, then the rate as time passes', async () => {
    const shop = await newShop(t.app);
    const ids = await addPeople(t.app, shop.organizationId, consenting('rate', 40));
    const mailing = await draftMailing(shop, { audience: { kind: 'list', listId: await listOf(shop, ids) } });
    await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    let now = 1_000_000;
    // 60 a minute: one a second, a burst of one.
    const lane = new MailingLane({
      db: t.app.ctx.db,
      mailer: { send: async () => undefined },
      log: t.app.log,
      publicUrl: 'https://tickets.example.com',
      secret: t.app.ctx.config.jwtSecret,
      ratePerMinute: 60,
      leaseSeconds: 300,
      now: () => now,
    });
    await lane.expand();
    expect((await lane.deliver()).sent).toBe(1);
    expect((await lane.deliver()).sent).toBe(0);
    now += 10_000;
    // Ten seconds at one a second, but never more than a second's worth saved up.
    expect((await lane.deliver()).sent).toBe(1);
    now += 500;
    expect((await lane.deliver()).sent).toBe(0);
    now += 500;
    expect((await lane.deliver()).sent).toBe(1);

    const fast = new MailingLane({
      db: t.app.ctx.db,
      mailer: { send: async () => undefined },
      log: t.app.log,
      publicUrl: 'https://tickets.example.com',
      secret: t.app.ctx.config.jwtSecret,
      ratePerMinute: 600,
      leaseSeconds: 300,
      now: () => now,
    });
    // 600 a minute: ten a second.
    expect((await fast.deliver()).sent).toBe(10);
    now += 2000;
    expect((await fast.deliver()).sent).toBe(10);
    now += 300;
    expect((await fast.deliver()).sent).toBe(3);
    const statuses = [...(await statusesOf(t.app, mailing.id)).values()];
    expect(statuses.filter((status) => status === 'sent')).toHaveLength(26);
  });

  it('a tickets e-mail queued during a big mailing leaves first, through the real SMTP server', async () => {
    const shop = await newShop(t.app, [{ name: 'Entry', priceMinor: 0, capacity: 10 }]);
    // One tickets e-mail first, so the PDF worker is up: started cold from the TypeScript sources, it took
    // 15-17 s on a busy machine, which is the test runner's start-up, not the lanes this test compares.
    await bought(t.app, shop, orderBody(shop, { paymentMethod: 'free' }));
    await t.app.outbox.drain();
    const size = 600;
    const ids = await addPeople(t.app, shop.organizationId, consenting('big', size));
    const mailing = await draftMailing(shop, { audience: { kind: 'list', listId: await listOf(shop, ids) } });
    await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    // Both workers run as in production: the outbox on its interval (kicked after an order), the
    // mailing lane as its job, once a second at its rate.
    t.app.outbox.start();
    const job = mailingJob(t.app.mailingLane, t.app.ctx.db, t.app.log, 200);
    job.start();
    try {
      // The mailing is under way...
      await expect
        .poll(() => arrivals.filter((a) => a.to.startsWith('big-')).length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      const body = orderBody(shop, { paymentMethod: 'free' });
      await bought(t.app, shop, body);
      await expect
        .poll(() => arrivals.some((a) => a.to === body.buyer.email), { timeout: 20_000 })
        .toBe(true);
      // ...and the buyer's tickets did not wait behind it: they arrived while most of the mailing was still
      // queued (one queue would have sent the 600 first). The 5-second budget is measured in bench/.
      const ticketsAt = arrivals.findIndex((a) => a.to === body.buyer.email);
      const mailingBefore = arrivals.slice(0, ticketsAt).filter((a) => a.to.startsWith('big-')).length;
      expect(mailingBefore).toBeLessThan(size / 2);
      const statuses = [...(await statusesOf(t.app, mailing.id)).values()];
      expect(statuses.filter((status) => status === 'queued').length).toBeGreaterThan(size / 2);
    } finally {
      await job.stop();
      await t.app.outbox.stop();
    }
    // A mailing's mail through SMTP carries the one-click headers.
    const first = arrivals.find((a) => a.to.startsWith('big-'));
    // Headers unfolded (a long header continues on lines that start with a space).
    const headers = first?.raw.replace(/\r\n(?=[ \t])/g, '');
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost:4000\/api\/public\/unsubscribe\?token=/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  }, 60_000);
});

describe('the two lanes', () => {
  it('the outbox delivers a tickets e-mail while a whole mailing waits in its own queue', async () => {
    const shop = await newShop(t.app, [{ name: 'Entry', priceMinor: 0, capacity: 10 }]);
    const ids = await addPeople(t.app, shop.organizationId, consenting('waiting', 300));
    const mailing = await draftMailing(shop, { audience: { kind: 'list', listId: await listOf(shop, ids) } });
    await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    // Every recipient queued, none sent yet.
    for (let run = 0; run < 5; run++) await t.app.mailingLane.expand();
    const queued = [...(await statusesOf(t.app, mailing.id)).values()];
    expect(queued).toHaveLength(300);
    const body = orderBody(shop, { paymentMethod: 'free' });
    await bought(t.app, shop, body);
    const before = arrivals.length;
    await t.app.outbox.drain();
    expect(arrivals.slice(before).map((a) => a.to)).toEqual([body.buyer.email]);
  }, 60_000);
});

describe('under concurrency', () => {
  it('two lanes at once deliver each recipient exactly once, and of racing actions only one wins', async () => {
    const shop = await newShop(t.app);
    const ids = await addPeople(t.app, shop.organizationId, consenting('race', 120));
    const mailing = await draftMailing(shop, { audience: { kind: 'list', listId: await listOf(shop, ids) } });
    const sends = await Promise.all(
      Array.from({ length: 5 }, () => shop.call('POST', `/api/mailings/${mailing.id}/send`)),
    );
    expect(sends.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const delivered: string[] = [];
    const lane = () =>
      new MailingLane({
        db: t.app.ctx.db,
        mailer: { send: async (message) => void delivered.push(message.to) },
        log: t.app.log,
        publicUrl: 'https://tickets.example.com',
        secret: t.app.ctx.config.jwtSecret,
        ratePerMinute: 100_000,
        leaseSeconds: 300,
      });
    const [a, b] = [lane(), lane()];
    for (let run = 0; run < 5; run++) await Promise.all([a.expand(), b.expand()]);
    for (let run = 0; run < 40; run++) await Promise.all([a.deliver(), b.deliver()]);
    // Earlier tests' mailings may still have queued recipients: count this mailing's.
    const ours = delivered.filter((to) => to.startsWith('race-'));
    expect(ours).toHaveLength(120);
    expect(new Set(ours).size).toBe(120);
    const statuses = [...(await statusesOf(t.app, mailing.id)).values()];
    expect(statuses).toHaveLength(120);
    expect(statuses.every((status) => status === 'sent')).toBe(true);
  }, 60_000);
});
