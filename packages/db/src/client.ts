import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { noteDriver } from './driver';
import * as schema from './schema/index';

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
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 20,
      pipeline: true,
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
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  noteDriver(db, { kind: 'pglite', client });
  return { db: db as unknown as Database, driver: 'pglite', close: () => client.close() };
}

export { schema };
