import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { noteDriver } from './driver';
import { PatientPool } from './patient-pool';
import * as schema from './schema/index';
import { typeParsers } from './timestamps';

/** One handle type for both drivers, so repositories never care which one is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Anything that can run a query: the database or an open transaction (the `tx` of `db.transaction`). */
export type Queryable = Pick<Database, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections (all, idle) and the queries waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Called when an idle PostgreSQL connection fails (server restart, network cut). The pool replaces it;
   * without a listener Node would treat the error as unhandled and stop the process.
   */
  onConnectionError?: (error: Error) => void;
  /** Where the migrations are: beside the sources by default; the API's build carries a copy. */
  migrationsFolder?: string;
  /** False for a read replica: it receives the primary's schema and cannot be written. */
  migrate?: boolean;
}

export const sourceMigrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Opens the database and applies the committed migrations (forward-only) before returning it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? sourceMigrationsFolder;
  if (options.url) {
    // Pipeline mode: a query issued while the connection still waits for an earlier answer is written at
    // once rather than queued, so statements sent together cost one round trip (see `transactionEndingWith`).
    // Patient: a burst the server refuses connections to waits for the pool's own (./patient-pool.ts).
    // Timestamps of hand-written statements are parsed by `parseTimestamptz` (Drizzle's have its own).
    const pool = new PatientPool({
      connectionString: options.url,
      max: options.maxConnections ?? 20,
      pipeline: true,
      types: typeParsers,
    });
    pool.on(
      'error',
      options.onConnectionError ?? ((error) => console.error(`PostgreSQL connection lost: ${error.message}`)),
    );
    const db = drizzleNodePg(pool, { schema });
    if (options.migrate !== false) await migrateNodePg(db, { migrationsFolder });
    noteDriver(db, { kind: 'postgres', client: pool });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (options.dataDir) await createEmbeddedFiles(options.dataDir);
  const client = new PGlite({ dataDir: options.dataDir, startParams: EMBEDDED_START_PARAMS });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  noteDriver(db, { kind: 'pglite', client });
  return { db: db as unknown as Database, driver: 'pglite', close: () => client.close() };
}

/**
 * The embedded database's shared buffers. They live in the process's own memory (PGlite's WASM heap, which
 * never shrinks), and PostgreSQL touches them whole at start: its default 128 MB cost the API about 145 MB
 * of resident memory before any query. Pages beyond them are read back from the data directory's files
 * (the OS's page cache), as a PostgreSQL server reads past its own buffers.
 */
export const EMBEDDED_SHARED_BUFFERS = '16MB';
const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`,
];

// Run by `node --input-type=module -e`: argv[1] is PGlite's module URL, argv[2] the data directory.
const CREATE_FILES_SCRIPT = `
const { PGlite } = await import(process.argv[1]);
const database = new PGlite(process.argv[2]);
await database.waitReady;
await database.close();
`;

/**
 * Makes a new embedded database's files in a short-lived process of its own, once. PGlite runs initdb in
 * two more WASM instances beside its own, and the process that does it keeps that memory afterwards (about
 * 400 MB resident more than opening existing files, even once closed and collected): made in the API, it
 * stayed with the API for its whole life.
 */
async function createEmbeddedFiles(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const stderr: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', CREATE_FILES_SCRIPT, pglite, dataDir],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) {
    throw new Error(
      `Could not create the embedded database in ${dataDir}: ${Buffer.concat(stderr).toString()}`,
    );
  }
}

export { schema };
