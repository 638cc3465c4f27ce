import { type DatabaseHandle, openDatabase } from '@guichet/db/client';
import { listen, notify, runAsLeader } from '@guichet/db/coordination';
import { outbox } from '@guichet/db/schema/outbox';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../modules/mail/mail.repository';
import { claimDue, enqueueMail } from '../modules/mail/mail.repository';
import { lockKeyOf } from './interval-job';
import { OutboxWorker } from './outbox-worker';

// Two processes on one PostgreSQL database, as two pools on it: a job runs in one of them at a time, a
// claimed mail is delivered by one of them only, and work left by a process that died is finished once
// by the other. (The two-process test does the same with real processes and SIGKILL.)

const serverUrl = process.env.TEST_DATABASE_URL || '';
const silent = { warn() {}, error() {}, info() {} } as unknown as ConstructorParameters<
  typeof OutboxWorker
>[2];

describe.skipIf(!serverUrl)('background work across processes on PostgreSQL', () => {
  const name = `guichet_jobs_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    first = await openDatabase({ url: url.toString(), maxConnections: 5 });
    second = await openDatabase({ url: url.toString(), maxConnections: 5 });
  }, 60_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('runs a job in one process at a time; the other takes over when the first is done', async () => {
    const key = lockKeyOf(`test ${Math.random()}`);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = runAsLeader(first.db, key, () => held);
    await new Promise((resolve) => setTimeout(resolve, 100));
    let ranSecond = false;
    expect(
      await runAsLeader(second.db, key, async () => {
        ranSecond = true;
      }),
    ).toBe(false);
    expect(ranSecond).toBe(false);
    release();
    expect(await running).toBe(true);
    expect(
      await runAsLeader(second.db, key, async () => {
        ranSecond = true;
      }),
    ).toBe(true);
    expect(ranSecond).toBe(true);
  });

  it('gives the job to another process when the leader’s connection dies mid-run', async () => {
    const key = lockKeyOf(`test ${Math.random()}`);
    let release = () => {};
    const stuck = runAsLeader(
      first.db,
      key,
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await runAsLeader(second.db, key, async () => {})).toBe(false);
    // What a killed process leaves: its connections close, and the server drops their locks.
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory'
        and ((classid::bigint << 32) | objid::bigint) = $1::bigint`,
      [key],
    );
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await runAsLeader(second.db, key, async () => {})).toBe(true);
    // The first process's work ends without its lock; its connection is thrown away, not reused.
    release();
    expect(await stuck).toBe(true);
  });

  it('delivers each mail once with two workers draining at once', async () => {
    const to = `once-${Date.now()}@example.com`;
    for (let index = 0; index < 40; index++) {
      await enqueueMail(first.db, { to, subject: `mail ${index}`, text: 'x', html: '<p>x</p>' });
    }
    const sent: OutgoingMail[] = [];
    const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) };
    const workers = [new OutboxWorker(first.db, mailer, silent), new OutboxWorker(second.db, mailer, silent)];
    await Promise.all([workers[0]!.drain(), workers[1]!.drain(), workers[0]!.drain(), workers[1]!.drain()]);
    const mine = sent.filter((mail) => mail.to === to).map((mail) => mail.subject);
    expect(mine).toHaveLength(40);
    expect(new Set(mine).size).toBe(40);
  });

  it('delivers, once, the mail a worker claimed before it died, after its lease', async () => {
    const to = `lease-${Date.now()}@example.com`;
    await enqueueMail(first.db, { to, subject: 'left behind', text: 'x', html: '<p>x</p>' });
    // The first process claims it (a one-second lease) and dies before sending.
    const claimed = await claimDue(first.db, 100, 1);
    expect(claimed.some((row) => (row.payload as { to: string }).to === to)).toBe(true);
    const sent: OutgoingMail[] = [];
    const worker = new OutboxWorker(second.db, { send: async (mail) => void sent.push(mail) }, silent);
    await worker.drain();
    expect(sent.filter((mail) => mail.to === to)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await worker.drain();
    await worker.drain();
    expect(sent.filter((mail) => mail.to === to)).toHaveLength(1);
    const rows = await second.db.select().from(outbox).where(eq(outbox.status, 'sent'));
    expect(rows.filter((row) => (row.payload as { to: string }).to === to)).toHaveLength(1);
  }, 20_000);

  it('tells every process of a notification', async () => {
    const heard: string[][] = [[], []];
    const stops = await Promise.all(
      [first, second].map((handle, index) => listen(handle.db, 'test_channel', (p) => heard[index]!.push(p))),
    );
    await notify(first.db, 'test_channel', 'hello');
    await notify(second.db, 'test_channel', 'again');
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const stop of stops) await stop();
    expect(heard).toEqual([
      ['hello', 'again'],
      ['hello', 'again'],
    ]);
  });
});

describe('the embedded database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
  }, 60_000);
  afterAll(async () => handle?.close());

  it('always grants leadership (one process per data directory) and fans notifications out in-process', async () => {
    let ran = false;
    expect(
      await runAsLeader(handle.db, 1, async () => {
        ran = true;
      }),
    ).toBe(true);
    expect(ran).toBe(true);
    const heard: string[] = [];
    const stop = await listen(handle.db, 'test_channel', (payload) => heard.push(payload));
    await notify(handle.db, 'test_channel', 'hello');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stop();
    expect(heard).toEqual(['hello']);
  });
});

describe.skipIf(!serverUrl)('a read replica', () => {
  it('is opened without migrating (it follows the primary) and serves ctx.reports, never ctx.db', async () => {
    const { buildApp } = await import('../app');
    const { loadConfig } = await import('../config');
    const name = `guichet_replica_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const primary = await openDatabase({});
    const replica = await openDatabase({ url: url.toString(), maxConnections: 2, migrate: false });
    try {
      const found = await replica.db.execute(sql`select to_regclass('staff') is not null as "migrated"`);
      expect((found as unknown as { rows: { migrated: boolean }[] }).rows[0]?.migrated).toBe(false);
      const config = loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        DATA_DIR: '/tmp/guichet-test-unused',
        SEED_DEMO: 'false',
      });
      const app = await buildApp({
        config,
        db: primary.db,
        replica: replica.db,
        startWorker: false,
        logger: false,
      });
      expect(app.ctx.reports).toBe(replica.db);
      expect(app.ctx.db).toBe(primary.db);
      await app.close();
    } finally {
      await replica.close();
      await primary.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
