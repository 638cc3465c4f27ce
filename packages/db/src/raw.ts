import {
  type Column,
  DrizzleQueryError,
  getTableColumns,
  type InferSelectModel,
  type SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Queryable } from './client';
import { driverOf, noteDriver } from './driver';

/**
 * A statement written by hand, with its parameters `$1`, `$2`... numbered in `text` where it is written.
 * Its name makes PostgreSQL plan it once per connection (pg's named query config).
 */
export interface RawStatement {
  name: string;
  text: string;
  values: unknown[];
}

/**
 * Runs a hand-written statement and answers its rows. For the hottest statements only: building them and
 * mapping their rows through the ORM cost more than the query itself there.
 *
 * On the database `openDatabase` opened, and on the transaction `transactionEndingWith` gives, the statement
 * goes to the driver: named on PostgreSQL, and its rows as the driver parses them (timestamps as Date,
 * integers as numbers, numerics as strings). Inside a transaction Drizzle opened (`db.transaction`), whose
 * connection Drizzle keeps to itself, it goes through Drizzle's `execute`: unnamed (planned at each
 * execution), and its timestamps, dates and intervals come as PostgreSQL writes them (text). Errors are
 * the driver's either way.
 */
export async function rawRows<Row>(db: Queryable, statement: RawStatement): Promise<Row[]> {
  const driver = driverOf(db);
  if (driver?.kind === 'postgres') return (await driver.client.query(statement)).rows as Row[];
  if (driver?.kind === 'pglite')
    return (await driver.client.query<Row>(statement.text, statement.values)).rows;
  try {
    const result = await db.execute(drizzleSql(statement));
    return (result as unknown as { rows: Row[] }).rows;
  } catch (error) {
    throw error instanceof DrizzleQueryError && error.cause ? error.cause : error;
  }
}

/** The statement as Drizzle SQL: its text as written, with the value of each `$n` as a parameter there. */
function drizzleSql(statement: RawStatement): SQL {
  // Split on the placeholders: text at even indexes, the number of a parameter at odd ones.
  const parts = statement.text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) =>
      index % 2 === 0 ? sql.raw(part) : sql.param(statement.values[Number(part) - 1]),
    ),
  );
}

// A table's rows in hand-written statements --------------------------------------------------------------

/**
 * The select list of every column of `table` (as `alias` in the statement), each named `prefix` followed
 * by its key in the schema: a hand-written statement then reads whole rows that `rowOf` turns into the
 * ORM's shape, and stays in step with the schema. With `keys`, only those columns (a page that shows a
 * few columns of wide rows: every value sent is formatted by PostgreSQL and parsed here).
 */
export function columnsOf<T extends Table>(
  table: T,
  alias: string,
  prefix: string,
  keys?: readonly (keyof T['_']['columns'] & string)[],
): string {
  return columnListOf(table, keys)
    .map(([key, column]) => `${alias}.${column.name} as "${prefix}${key}"`)
    .join(', ');
}

/** A table's columns by key, listed once per table: `rowOf` maps every row of a page with them. */
const columnLists = new WeakMap<Table, [string, Column][]>();
/** The lists of some of a table's columns, by the array of keys a caller keeps (a constant). */
const pickedLists = new WeakMap<readonly string[], [string, Column][]>();

function columnListOf(table: Table, keys?: readonly string[]): [string, Column][] {
  let list = columnLists.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table));
    columnLists.set(table, list);
  }
  if (!keys) return list;
  let picked = pickedLists.get(keys);
  if (!picked) {
    const all = list;
    picked = keys.map((key) => {
      const found = all.find(([name]) => name === key);
      if (!found) throw new Error(`no column ${key}`);
      return found;
    });
    pickedLists.set(keys, picked);
  }
  return picked;
}

/**
 * The row `columnsOf` selected, mapped as the ORM maps it (the same on both drivers); with `keys`, only
 * those columns, selected by `columnsOf` with the same `keys`.
 */
export function rowOf<T extends Table>(
  table: T,
  row: Record<string, unknown>,
  prefix: string,
): InferSelectModel<T>;
export function rowOf<T extends Table, K extends keyof InferSelectModel<T> & string>(
  table: T,
  row: Record<string, unknown>,
  prefix: string,
  keys: readonly K[],
): Pick<InferSelectModel<T>, K>;
export function rowOf(table: Table, row: Record<string, unknown>, prefix: string, keys?: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const [key, column] of columnListOf(table, keys)) {
    const value = row[`${prefix}${key}`];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out;
}

// A transaction that ends with its last statement ---------------------------------------------------------

/** Runs the transaction's last statement and commits with it; answers the statement's rows. */
export type Finish = (statement: RawStatement) => Promise<unknown[]>;

/**
 * Runs a transaction that starts with `first` (sent with its BEGIN, in one round trip; `work` receives
 * its rows) and whose last statement — given to `finish`, which answers its rows — ends it: on PostgreSQL
 * the COMMIT travels with that statement, so row locks it takes are held for the time PostgreSQL needs
 * to run it and commit, however busy this process is. That statement must fail (not just match nothing)
 * when the transaction must not commit. Nothing may run in the transaction after `finish`; if `work`
 * never calls it, the transaction commits when `work` returns; if `work` throws first, or a statement
 * fails, everything rolls back. `tx` runs the transaction's other statements, with the ORM or `rawRows`.
 * On PGlite (one connection, nothing concurrent) it is an ordinary transaction.
 *
 * The foreign keys declared deferrable (those of an order's rows to the organisation, event, ticket type
 * and webhook endpoint every concurrent order shares: migration `*_checkout_deferred_keys`) are checked at
 * the commit, on both databases: checked as each row is written, their locks on those shared rows would
 * overlap with every order in flight, which PostgreSQL records as ever-growing multixacts. A violation
 * still rolls everything back; it is reported by the COMMIT.
 */
export async function transactionEndingWith<T>(
  db: Database,
  first: RawStatement,
  work: (tx: Queryable, firstRows: unknown[], finish: Finish) => Promise<T>,
): Promise<T> {
  const driver = driverOf(db);
  if (driver?.kind === 'postgres' && driver.client instanceof pg.Pool) {
    return pipelinedTransaction(driver.client, first, work);
  }
  return db.transaction(async (tx) => {
    let ended = false;
    await tx.execute(sql.raw(DEFER_CHECKS));
    return work(tx, await rawRows(tx, first), async (statement) => {
      if (ended) throw new Error('the transaction has already ended');
      ended = true;
      return rawRows(tx, statement);
    });
  });
}

/** Sent with the BEGIN of `transactionEndingWith`: see there. */
const DEFER_CHECKS = 'set constraints all deferred';

const rowsOf = async (client: pg.PoolClient, statement: RawStatement) =>
  (await client.query(statement)).rows as unknown[];

/**
 * Issues queries that travel together in one write to the socket. Pipeline mode sends each query as it is
 * issued, one write (a system call, and on loopback the receiver's wake-up) per query; corked, the queries
 * issued here leave together when `issue` returns. pg submits a query synchronously on a connected client.
 */
function together<T>(client: pg.PoolClient, issue: () => T): T {
  const socket = client.connection.stream;
  socket.cork();
  try {
    return issue();
  } finally {
    socket.uncork();
  }
}

/**
 * `transactionEndingWith` on a connection of the pool, which is in pipeline mode: queries issued one after
 * the other without waiting are written together, each answered in turn.
 */
async function pipelinedTransaction<T>(
  pool: pg.Pool,
  first: RawStatement,
  work: (tx: Queryable, firstRows: unknown[], finish: Finish) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const tx = drizzleNodePg(client);
  noteDriver(tx, { kind: 'postgres', client });
  let ended = false;
  let broken: Error | undefined;

  /** The last statement (if any) and the COMMIT, written together. */
  const end = async (statement: RawStatement | null): Promise<unknown[]> => {
    if (ended) throw new Error('the transaction has already ended');
    ended = true;
    const [done, commit] = await Promise.allSettled(
      together(client, () => [
        statement ? rowsOf(client, statement) : Promise.resolve([]),
        client.query('commit'),
      ]),
    );
    if (commit.status === 'rejected') {
      // PostgreSQL refusing the COMMIT (a deferred foreign key's check failed) rolled the transaction
      // back. Otherwise whether it committed is unknown: the connection is closed rather than reused.
      if (commit.reason instanceof pg.DatabaseError)
        throw done.status === 'rejected' ? done.reason : commit.reason;
      broken = commit.reason instanceof Error ? commit.reason : new Error(String(commit.reason));
      throw done.status === 'rejected' ? done.reason : broken;
    }
    // A failed statement aborts the transaction, and PostgreSQL answers the COMMIT behind it with a ROLLBACK.
    if (done.status === 'rejected') throw done.reason;
    if (commit.value.command !== 'COMMIT') throw new Error('the transaction was rolled back at its commit');
    return done.value;
  };

  try {
    // BEGIN, the deferral of the checks and the first statement leave together. BEGIN on a connection of the pool (never inside a
    // transaction) fails only when the connection does, and the statement cannot run then either.
    const [, , firstRows] = await Promise.all(
      together(
        client,
        () => [client.query('begin'), client.query(DEFER_CHECKS), rowsOf(client, first)] as const,
      ),
    );
    const result = await work(tx, firstRows, end);
    if (!ended) await end(null);
    return result;
  } catch (error) {
    if (!ended) {
      // A failed statement may have ended the transaction already (or a failed BEGIN never started it); a
      // ROLLBACK then only warns.
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
    }
    throw error;
  } finally {
    // A connection whose state is unknown is closed rather than handed to the next request.
    client.release(broken);
  }
}
