import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLimitedRole } from './limited-role';
import { isTooManyConnections, PatientPool } from './patient-pool';

// PostgreSQL only: a role allowed one connection stands for a server that has no more to give.
// Skipped on the embedded run of `npm test`, run on its PostgreSQL one (scripts/test.mjs).
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

describe.skipIf(!serverUrl)('PatientPool', () => {
  let limited: { url: string; drop: () => Promise<void> } | undefined;
  const pools: PatientPool[] = [];

  function pool(connectPatienceMs: number, url = limited?.url) {
    const made = new PatientPool({ connectionString: url, max: 5, connectPatienceMs });
    pools.push(made);
    return made;
  }

  beforeAll(async () => {
    // Into the server's own database (the URL's): the role needs no database of its own.
    limited = await createLimitedRole(serverUrl ?? '', { connections: 1 });
  });
  // Each test starts with the role's one connection free: a pool keeps its connections open while idle.
  afterEach(async () => {
    for (const made of pools.splice(0)) await made.end();
  });
  afterAll(async () => {
    await limited?.drop();
  });

  it('runs a query refused a connection on the pool’s own once it is given back', async () => {
    const patient = pool(5_000);
    const held = await patient.connect();
    const waiting = patient.query('select 1 as one');
    await new Promise((resolve) => setTimeout(resolve, 100));
    held.release();
    expect((await waiting).rows).toEqual([{ one: 1 }]);
  });

  it('queues a burst longer than its patience on the connection it holds, and answers every query', async () => {
    // One connection, twelve queries of 50 ms: the last waits about 600 ms, twice the patience, as long as
    // it would wait with the pool at its own `max`. The patience is for a pool that holds no connection.
    const patient = pool(300);
    const answers = await Promise.allSettled(
      Array.from({ length: 12 }, (_, n) => patient.query('select $1::int as n, pg_sleep(0.05)', [n])),
    );
    expect(answers.map((answer) => answer.status === 'fulfilled' && answer.value.rows[0]?.n)).toEqual(
      Array.from({ length: 12 }, (_, n) => n),
    );
    expect(patient.totalCount).toBe(1);
  });

  it('grows again once the server has room', async () => {
    const roomy = await createLimitedRole(serverUrl ?? '', { connections: 2 });
    try {
      const other = pool(0, roomy.url);
      const held = await other.connect();
      const patient = pool(5_000, roomy.url);
      const sleepers = () => Promise.all([0, 1, 2].map(() => patient.query('select pg_sleep(0.05)')));
      await sleepers();
      expect(patient.totalCount).toBe(1);
      held.release();
      await pools.splice(pools.indexOf(other), 1)[0]?.end();
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await sleepers();
      expect(patient.totalCount).toBe(2);
    } finally {
      for (const made of pools.splice(0)) await made.end();
      await roomy.drop();
    }
  });

  it('gives a query queued while it was held a new connection once the server has room, without a release', async () => {
    const roomy = await createLimitedRole(serverUrl ?? '', { connections: 2 });
    try {
      const other = pool(0, roomy.url);
      const held = await other.connect();
      const patient = pool(5_000, roomy.url);
      // The request holds the pool's one connection and waits for a query of its own: only a new
      // connection can serve it.
      const holding = await patient.connect();
      const queued = patient.query('select 1 as one');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(patient.waitingCount).toBe(1);
      held.release();
      await pools.splice(pools.indexOf(other), 1)[0]?.end();
      expect((await queued).rows).toEqual([{ one: 1 }]);
      holding.release();
    } finally {
      for (const made of pools.splice(0)) await made.end();
      await roomy.drop();
    }
  });

  it('gives up after its patience, with the server’s refusal', async () => {
    const other = pool(0);
    const held = await other.connect();
    const patient = pool(300);
    const started = Date.now();
    const refusal = await patient.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isTooManyConnections(refusal)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    held.release();
  });

  it('fails at once for any other connection error', async () => {
    const missing = new URL(limited?.url ?? '');
    missing.pathname = '/guichet_no_such_database';
    const started = Date.now();
    await expect(pool(5_000, missing.toString()).connect()).rejects.toMatchObject({ code: '3D000' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
