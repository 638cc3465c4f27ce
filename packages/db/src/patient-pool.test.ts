import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isTooManyConnections, PatientPool } from './patient-pool';

// PostgreSQL only: a role allowed one connection stands for a server that has no more to give.
// Empty on the embedded run of `npm test` (scripts/test.mjs): skipped there.
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

describe.skipIf(!serverUrl)('PatientPool', () => {
  const server = new URL(serverUrl ?? 'postgres://localhost');
  const role = `guichet_one_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const limitedUrl = new URL(server);
  limitedUrl.username = role;
  const pools: PatientPool[] = [];

  async function asServerAdmin(statement: string) {
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  }

  function pool(connectPatienceMs: number, url = limitedUrl) {
    const made = new PatientPool({ connectionString: url.toString(), max: 5, connectPatienceMs });
    pools.push(made);
    return made;
  }

  beforeAll(async () => {
    const password = server.password
      ? ` password ${pg.escapeLiteral(decodeURIComponent(server.password))}`
      : '';
    // Into the server's own database (the URL's): the role needs no database of its own.
    await asServerAdmin(`create role ${role} login connection limit 1${password}`);
  });
  // Each test starts with the role's one connection free: a pool keeps its connections open while idle.
  afterEach(async () => {
    for (const made of pools.splice(0)) await made.end();
  });
  afterAll(async () => {
    await asServerAdmin(`drop role if exists ${role}`);
  });

  it('runs a query refused a connection on the pool’s own once it is given back', async () => {
    const patient = pool(5_000);
    const held = await patient.connect();
    const waiting = patient.query('select 1 as one');
    await new Promise((resolve) => setTimeout(resolve, 100));
    held.release();
    expect((await waiting).rows).toEqual([{ one: 1 }]);
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
    const missing = new URL(server);
    missing.pathname = '/guichet_no_such_database';
    const started = Date.now();
    await expect(pool(5_000, missing).connect()).rejects.toMatchObject({ code: '3D000' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
