import type { DatabaseHandle } from '@guichet/db/client';
import { mailings } from '@guichet/db/schema/mailings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/database';
import { client } from '../../../test/support/events';
import { addPeople, draftMailing, listOf, statusesOf } from '../../../test/support/mailings';
import { newShop, TEST_ENV } from '../../../test/support/orders';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Mailer } from '../../jobs/mailer';
import { mailingJob } from './mailing-lane';

// Each app built here is one process of the API: stopped gracefully (its jobs finish their run, as on
// SIGTERM), then another is started on the same database, as after a restart or a redeploy.

const PEOPLE = 150;
let database: DatabaseHandle;
/** Every mail handed to SMTP, by any of the processes, in order. */
const delivered: string[] = [];
/** SMTP that takes a few milliseconds per message, so a pause or a stop lands while mail is leaving. */
const smtp: Mailer = {
  send: async (message) => {
    await new Promise((resolve) => setTimeout(resolve, 3));
    delivered.push(message.to);
  },
};
const config = loadConfig({
  ...TEST_ENV,
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  DATA_DIR: '/tmp/guichet-test-unused',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  // Forty a second: the mailing takes a few seconds, long enough to be interrupted twice.
  MAILING_RATE_PER_MINUTE: '2400',
});
const startProcess = async (): Promise<App> => {
  const app = await buildApp({ config, db: database.db, mailer: smtp, startWorker: false, logger: false });
  await app.ready();
  return app;
};

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const ours = () => delivered.filter((to) => to.startsWith('restart-'));

/** Waits (bounded) until `probe` holds. */
async function until(what: string, probe: () => Promise<boolean> | boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a mailing across restarts of the API', () => {
  it('paused or stopped mid-send and resumed by another process: everyone once, nobody twice', async () => {
    const first = await startProcess();
    const shop = await newShop(first);
    const people = Array.from({ length: PEOPLE }, (_, i) => ({
      email: `restart-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`,
      consent: true,
    }));
    const ids = await addPeople(first, shop.organizationId, people);
    const mailing = await draftMailing(shop, { audience: { kind: 'list', listId: await listOf(shop, ids) } });
    expect((await shop.call('POST', `/api/mailings/${mailing.id}/send`)).statusCode).toBe(200);
    const statuses = async () => [...(await statusesOf(first, mailing.id)).entries()];
    const status = async () =>
      (await database.db.select().from(mailings).where(eq(mailings.id, mailing.id)))[0]?.status;

    // 1. The first process sends part of it; the mailing is paused while mail is leaving, then the
    //    process stops.
    const firstJob = mailingJob(first.mailingLane, database.db, first.log, 20);
    firstJob.start();
    await until('the first mails', () => ours().length >= 10);
    expect((await shop.call('POST', `/api/mailings/${mailing.id}/pause`)).json()).toMatchObject({
      status: 'paused',
    });
    await firstJob.stop();
    await first.close();
    const afterFirst = ours().length;
    expect(afterFirst).toBeLessThan(PEOPLE);
    // Nothing lost: what left is recorded sent, the rest is still queued.
    const recorded = await statuses();
    expect(recorded.filter(([, s]) => s === 'sent').map(([email]) => email)).toEqual(
      expect.arrayContaining(ours()),
    );
    expect(recorded.filter(([, s]) => s === 'sent')).toHaveLength(afterFirst);
    expect(recorded.every(([, s]) => s === 'sent' || s === 'queued')).toBe(true);

    // 2. A new process: paused, it sends nothing; resumed, it sends more, and stops while sending.
    const second = await startProcess();
    await second.mailingLane.runOnce();
    expect(ours()).toHaveLength(afterFirst);
    const secondCall = client(second, shop.admin.accessToken, shop.organizationId);
    expect((await secondCall('POST', `/api/mailings/${mailing.id}/resume`)).statusCode).toBe(200);
    const secondJob = mailingJob(second.mailingLane, database.db, second.log, 20);
    secondJob.start();
    await until('more mails', () => ours().length >= afterFirst + 10);
    await secondJob.stop();
    await second.close();
    expect(await status()).toBe('sending');
    const afterSecond = ours().length;
    expect(afterSecond).toBeLessThan(PEOPLE);
    expect((await statuses()).filter(([, s]) => s === 'sent')).toHaveLength(afterSecond);

    // 3. A third process finishes it.
    const third = await startProcess();
    const thirdJob = mailingJob(third.mailingLane, database.db, third.log, 20);
    thirdJob.start();
    try {
      await until('the mailing to be sent', async () => (await status()) === 'sent');
    } finally {
      await thirdJob.stop();
      await third.close();
    }
    expect(ours()).toHaveLength(PEOPLE);
    expect(new Set(ours()).size).toBe(PEOPLE);
    expect(new Set(ours())).toEqual(new Set(people.map((person) => person.email)));
    expect((await statuses()).every(([, s]) => s === 'sent')).toBe(true);
  }, 120_000);
});
