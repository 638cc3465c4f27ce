import type { Database } from '@guichet/db/client';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { lastAppliedMigration } from './health.repository';

/** Set when the process begins to shut down: from then on it reports itself not ready. */
export interface Lifecycle {
  shuttingDown: boolean;
}

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  /** Committed migrations the database has not applied (null when the database does not answer). */
  pendingMigrations: number | null;
  shuttingDown: boolean;
}

/** How long a database check may take before the process counts as not ready. */
const DATABASE_DEADLINE_MS = 2000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process should take traffic: the database answers (within two seconds), every committed
 * migration is applied, and the process is not shutting down.
 */
export function readinessCheck(db: Database, migrationsFolder: string, lifecycle: Lifecycle) {
  // The committed migrations do not change while the process runs: read their journal once.
  let committed: number[] | undefined;
  return async (): Promise<Readiness> => {
    committed ??= readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
    let database: Readiness['database'] = 'ok';
    let pendingMigrations: number | null = null;
    try {
      const applied = await withDeadline(lastAppliedMigration(db), DATABASE_DEADLINE_MS);
      pendingMigrations = committed.filter((millis) => applied === null || millis > applied).length;
    } catch {
      database = 'unreachable';
    }
    const shuttingDown = lifecycle.shuttingDown;
    return {
      ready: database === 'ok' && pendingMigrations === 0 && !shuttingDown,
      database,
      pendingMigrations,
      shuttingDown,
    };
  };
}
