import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sourceMigrationsFolder } from '@guichet/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../test/database';
import { createTestApp, type TestContext } from '../test/harness';
import { serveMetrics } from './metrics';

const TOKEN = 'metrics-token-0123456789';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => t.close());

describe('GET /api/ready', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 once the process is shutting down', async () => {
    t.app.lifecycle.shuttingDown = true;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatchObject({
        code: 'not-ready',
        details: { database: 'ok', pendingMigrations: 0, shuttingDown: true },
        requestId: response.headers['x-request-id'],
      });
      // Liveness is another question: the process still runs.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });

  it('answers 503 when a committed migration is not applied, and when the database does not answer', async () => {
    // The committed migrations, plus one the database has never seen.
    const folder = mkdtempSync(path.join(tmpdir(), 'guichet-migrations-'));
    cpSync(sourceMigrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
    const last = journal.entries[journal.entries.length - 1];
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_not_applied' });
    writeFileSync(journalFile, JSON.stringify(journal));
    writeFileSync(path.join(folder, '9999_not_applied.sql'), 'select 1;');

    const database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DATA_DIR: '/tmp/guichet-test-unused',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      config,
      db: database.db,
      startWorker: false,
      logger: false,
      migrationsFolder: folder,
    });
    try {
      const pending = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json().error.details).toMatchObject({ database: 'ok', pendingMigrations: 1 });

      await database.close();
      const down = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json().error.details).toMatchObject({ database: 'unreachable', pendingMigrations: null });
    } finally {
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('metrics', () => {
  it('are not exposed by default', async () => {
    const app = await createTestApp();
    try {
      expect((await app.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('need the token at /api/metrics', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
    }
  });

  it('count requests by route and status, jobs, the outbox and the event loop', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/events/not-a-uuid' });
    await t.app.outbox.drain();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /guichet_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    // Refused by validation (an id that is no UUID): the route's pattern, never the path asked for.
    expect(text).toMatch(
      /guichet_http_request_duration_seconds_count\{method="GET",route="\/api\/events\/:id",status="400"\} 1/,
    );
    expect(text).toMatch(/^guichet_outbox_backlog 0$/m);
    expect(text).toMatch(/^guichet_outbox_oldest_age_seconds 0$/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('# TYPE guichet_job_runs_total counter');
    expect(text).toContain('# TYPE guichet_orders_placed_total counter');
    expect(text).toContain('# TYPE guichet_scans_total counter');
  });

  it('can be served on a port of their own', async () => {
    // Port 0: the OS picks a free one.
    const own = await serveMetrics(t.app.metrics, {
      host: '127.0.0.1',
      metrics: { port: 0, token: undefined },
    });
    try {
      const address = own?.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('guichet_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      own?.close();
    }
  });
});
