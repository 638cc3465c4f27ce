import { type DatabaseHandle, openDatabase } from '@guichet/db/client';
import pg from 'pg';

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a new database on it that is dropped afterwards. `serverUrl` names that
 * server otherwise (another role on it: one with a connection limit).
 */
export async function openTestDatabase(serverUrl = process.env.TEST_DATABASE_URL): Promise<DatabaseHandle> {
  if (!serverUrl) return openDatabase({});
  const name = `guichet_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let closing = false;
  const handle = await openDatabase({
    url: url.toString(),
    maxConnections: 30,
    // Dropping the database at the end ends its connections from the server side; only then is that expected.
    onConnectionError: (error) => {
      if (!closing) throw error;
    },
  });
  return {
    ...handle,
    async close() {
      closing = true;
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
