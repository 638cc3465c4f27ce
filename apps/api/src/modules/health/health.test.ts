import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sourceMigrationsFolder } from '@guichet/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/database';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { readinessCheck } from './readiness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/health', () => {
  it('answers ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

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

  it('is not ready with a committed migration not applied, nor when the database does not answer', async () => {
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
    const check = readinessCheck(database.db, folder, { shuttingDown: false });
    try {
      expect(await check()).toEqual({
        ready: false,
        database: 'ok',
        pendingMigrations: 1,
        shuttingDown: false,
      });
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
    expect(await check()).toEqual({
      ready: false,
      database: 'unreachable',
      pendingMigrations: null,
      shuttingDown: false,
    });
  });
});
