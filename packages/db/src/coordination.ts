import type pg from 'pg';
import type { Database } from './client';
import { driverOf } from './driver';
import { rawRows } from './raw';

/**
 * What several API processes on one PostgreSQL database need to agree on: who runs a background job
 * (an advisory lock held by one process's connection), and news that every process must hear
 * (LISTEN/NOTIFY). The embedded database has one process by construction (its directory is claimed by a
 * pid file), so there leadership is always granted and notifications go round in the process.
 */

/** The pool under a handle openDatabase made on PostgreSQL; undefined on the embedded database. */
function poolOf(db: Database): pg.Pool | undefined {
  const driver = driverOf(db);
  return driver?.kind === 'postgres' && 'totalCount' in driver.client
    ? (driver.client as pg.Pool)
    : undefined;
}

/**
 * Runs `work` if no other process is running the work of `lockKey`: a session advisory lock taken on a
 * connection of its own for the duration (`pg_try_advisory_lock`), released after. A process that dies
 * mid-work loses its connection and so its lock: the next process's turn finishes what is left.
 * Answers whether this process ran it.
 */
export async function runAsLeader(
  db: Database,
  lockKey: number,
  work: () => Promise<void>,
): Promise<boolean> {
  const pool = poolOf(db);
  if (!pool) {
    await work();
    return true;
  }
  const connection = await pool.connect();
  let broken: Error | undefined;
  // A lost connection (the server restarted, an administrator ended it) means the lock is gone too; the
  // work in progress goes on, and the connection is thrown away after it.
  const onError = (error: Error) => {
    broken = error;
  };
  connection.on('error', onError);
  try {
    const { rows } = await connection.query<{ leader: boolean }>({
      text: 'select pg_try_advisory_lock($1::bigint) as leader',
      values: [lockKey],
    });
    if (!rows[0]?.leader) return false;
    try {
      await work();
    } finally {
      await connection
        .query({ text: 'select pg_advisory_unlock($1::bigint)', values: [lockKey] })
        .catch((error: Error) => {
          broken = error;
        });
    }
    return true;
  } finally {
    // A connection whose unlock failed is closed rather than returned: the server then drops the lock.
    connection.off('error', onError);
    connection.release(broken ?? false);
  }
}

/** Sends `payload` (at most 8,000 bytes) to every listener of `channel`, in every process. */
export async function notify(db: Database, channel: string, payload: string): Promise<void> {
  await rawRows(db, {
    name: 'coordination_notify',
    text: 'select pg_notify($1, $2)',
    values: [channel, payload],
  });
}

/**
 * Calls `onPayload` with every notification on `channel`, from any process, until the answered stop is
 * called. On PostgreSQL a connection of the pool is kept for listening; if it is lost, listening starts
 * again on a new one a second later (notifications sent in between are missed: listeners that need
 * every change read the state again when `onReconnect` is called).
 */
export async function listen(
  db: Database,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void = () => {},
): Promise<() => Promise<void>> {
  const driver = driverOf(db);
  if (driver?.kind === 'pglite') {
    return driver.client.listen(channel, onPayload);
  }
  const pool = poolOf(db);
  if (!pool) throw new Error('listen needs the database handle openDatabase made');
  let stopped = false;
  let connection: pg.PoolClient | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const onNotification = (message: { channel: string; payload?: string }) => {
    if (message.channel === channel) onPayload(message.payload ?? '');
  };
  const start = async (): Promise<void> => {
    const client = await pool.connect();
    client.on('notification', onNotification);
    client.once('error', () => {
      // Released already by the stop (the server closed the connection afterwards): releasing it again throws.
      if (stopped && connection !== client) return;
      client.off('notification', onNotification);
      client.release(true);
      if (connection === client) connection = undefined;
      if (!stopped) setTimeout(() => void restart(), 1000).unref();
    });
    await client.query(`listen ${quoted}`);
    connection = client;
  };
  const restart = async (): Promise<void> => {
    if (stopped) return;
    try {
      await start();
      onReconnect();
    } catch {
      if (!stopped) setTimeout(() => void restart(), 1000).unref();
    }
  };
  await start();
  return async () => {
    stopped = true;
    const client = connection;
    connection = undefined;
    if (!client) return;
    client.off('notification', onNotification);
    await client.query(`unlisten ${quoted}`).catch(() => {});
    client.release();
  };
}
