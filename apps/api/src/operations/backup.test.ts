import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openDatabase } from '@guichet/db/client';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrganization, signUp } from '../../test/support/harness';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { backup, restore } from './backup';
import { lockDataDir } from './data-dir-lock';

const folders: string[] = [];
function folder(prefix: string): string {
  const created = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(created);
  return created;
}
afterAll(() => {
  for (const created of folders) rmSync(created, { recursive: true, force: true });
});

/** Builds the app on `handle`, signs a staff member up and creates an organisation, as a user would. */
async function someData(handle: DatabaseHandle, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db: handle.db, startWorker: false, logger: false, mailer: null });
  try {
    const staff = await signUp(app);
    const organization = await createOrganization(app, staff.accessToken, 'Backed Up Organisation');
    return { email: staff.email, organizationId: organization.id };
  } finally {
    await app.close();
  }
}

async function findData(
  query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>,
  data: { email: string; organizationId: string },
) {
  const staff = await query('select email from staff where email = $1', [data.email]);
  const organizations = await query('select name from organizations where id = $1', [data.organizationId]);
  return { staff: staff.rows, organizations: organizations.rows };
}

describe('backup and restore of the embedded database', () => {
  it('backs up, wipes, restores and finds the same data, files and secret', {
    timeout: 120_000,
  }, async () => {
    const dataDir = folder('guichet-data-');
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    const data = await someData(handle, dataDir);
    await handle.close();
    mkdirSync(path.join(dataDir, 'files', 'org'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'org', 'logo.png'), 'logo bytes');
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'the-signing-secret');

    const into = path.join(folder('guichet-backups-'), 'first');
    const manifest = await backup({ dataDir, databaseUrl: undefined }, into);
    expect(manifest.database).toBe('embedded');
    // A second backup never overwrites the first.
    await expect(backup({ dataDir, databaseUrl: undefined }, into)).rejects.toThrow(/already exists/);

    rmSync(dataDir, { recursive: true, force: true });
    await restore({ dataDir, databaseUrl: undefined }, into);

    const restored = new PGlite(path.join(dataDir, 'db'));
    try {
      const found = await findData((text, values) => restored.query(text, values), data);
      expect(found).toEqual({
        staff: [{ email: data.email }],
        organizations: [{ name: 'Backed Up Organisation' }],
      });
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(dataDir, 'files', 'org', 'logo.png'), 'utf8')).toBe('logo bytes');
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe('the-signing-secret');
    expect(existsSync(path.join(dataDir, 'guichet.pid'))).toBe(false);
  });

  it('refuses to run beside a server that holds the data directory', async () => {
    const dataDir = folder('guichet-busy-');
    // Another live process holds it (the parent of this test's process stands in for a server).
    writeFileSync(path.join(dataDir, 'guichet.pid'), String(process.ppid));
    await expect(backup({ dataDir, databaseUrl: undefined }, path.join(dataDir, 'b'))).rejects.toThrow(
      /Another Guichet process/,
    );
    // A claim left by a process that is gone is taken over.
    writeFileSync(path.join(dataDir, 'guichet.pid'), '999999999');
    lockDataDir(dataDir)();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
const hasTools = ['pg_dump', 'pg_restore'].every((tool) => !spawnSync(tool, ['--version']).error);

describe.skipIf(!serverUrl || !hasTools)('backup and restore of PostgreSQL (pg_dump, pg_restore)', () => {
  it('backs up, wipes, restores and finds the same data', async () => {
    const name = `guichet_backup_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    try {
      const handle = await openDatabase({ url: databaseUrl });
      const dataDir = folder('guichet-pg-data-');
      const data = await someData(handle, dataDir);
      await handle.close();

      const into = path.join(folder('guichet-pg-backups-'), 'first');
      expect((await backup({ dataDir, databaseUrl }, into)).database).toBe('postgres');

      const wiper = new pg.Client({ connectionString: databaseUrl });
      await wiper.connect();
      await wiper.query(
        'drop schema public cascade; create schema public; drop schema if exists drizzle cascade',
      );
      expect(await findData((text, values) => wiper.query(text, values), data).catch(() => null)).toBeNull();
      await wiper.end();

      await restore({ dataDir, databaseUrl }, into);
      const reader = new pg.Client({ connectionString: databaseUrl });
      await reader.connect();
      try {
        expect(await findData((text, values) => reader.query(text, values), data)).toEqual({
          staff: [{ email: data.email }],
          organizations: [{ name: 'Backed Up Organisation' }],
        });
      } finally {
        await reader.end();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
