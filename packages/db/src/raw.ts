import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client';

/** A statement written by hand: its name makes PostgreSQL plan it once per connection. */
export interface RawStatement {
  name: string;
  text: string;
  values: unknown[];
}

interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PgliteClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The database or an open transaction of it (the `tx` a `db.transaction` callback receives): both keep
 * the driver's client (a pool or the transaction's connection; PGlite or its transaction) in their session.
 */
export type RawTarget = Database | Pick<Database, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

function driverClient(db: RawTarget): PgClient | PgliteClient {
  const client = (db as unknown as { session?: { client?: PgClient | PgliteClient } }).session?.client;
  if (!client) throw new Error('not a database or transaction handle');
  return client;
}

/**
 * Runs a hand-written statement on the driver under the ORM, and answers its rows as the driver parsed them
 * (timestamps as Date, integers as numbers, numerics as strings). For the hottest statements only: building
 * them and mapping their rows through the ORM cost more than the query itself there. Inside a transaction,
 * pass its `tx`: the statement then runs on the transaction's connection.
 */
export async function rawRows<Row>(db: RawTarget, statement: RawStatement): Promise<Row[]> {
  const client = driverClient(db);
  const result =
    client instanceof pg.Pool || client instanceof pg.Client
      ? await (client as PgClient).query(statement)
      : await (client as PgliteClient).query(statement.text, statement.values);
  return result.rows as Row[];
}

// A table's rows in hand-written statements --------------------------------------------------------------

/**
 * The select list of every column of `table` (as `alias` in the statement), each named `prefix` followed
 * by its key in the schema: a hand-written statement then reads whole rows that `rowOf` turns into the
 * ORM's shape, and stays in step with the schema.
 */
export function columnsOf(table: Table, alias: string, prefix: string): string {
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => `${alias}.${column.name} as "${prefix}${key}"`)
    .join(', ');
}

/** The row `columnsOf` selected, mapped as the ORM maps it (the same on both drivers). */
export function rowOf<T extends Table>(table: T, row: Record<string, unknown>, prefix: string) {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[`${prefix}${key}`];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}

// A transaction that ends with its last statement ---------------------------------------------------------

/** The parts of pg's protocol connection a query writes to. */
interface ProtocolConnection {
  execute(config: { portal?: string; rows?: number }): void;
  parse(config: { text: string; name?: string; types?: number[] }): void;
  bind(config: object): void;
  sync(): void;
}

/** One unnamed command (BEGIN, COMMIT) written into the exchange of another statement. */
function writeCommand(connection: ProtocolConnection, text: string) {
  connection.parse({ text, name: '', types: [] });
  connection.bind({});
  connection.execute({ portal: '' });
}

/**
 * A named statement sent with a BEGIN before it and/or a COMMIT behind it, all before the one Sync: one
 * write and one round trip instead of two or three. PostgreSQL runs the COMMIT as soon as the statement is
 * done, without waiting for this process to read the answer and send the COMMIT itself. If anything
 * fails, PostgreSQL skips the rest up to the Sync (the COMMIT with it); the transaction is then left to
 * roll back.
 */
class PipelinedQuery extends pg.Query {
  constructor(
    statement: RawStatement,
    private readonly around: { begin: boolean; commit: boolean },
  ) {
    super(statement);
  }

  // pg calls this to write the statement (parse, bind, describe, then `_getRows`).
  prepare(connection: ProtocolConnection): void {
    if (this.around.begin) writeCommand(connection, 'begin');
    (pg.Query.prototype as unknown as { prepare(c: ProtocolConnection): void }).prepare.call(
      this,
      connection,
    );
  }

  // pg calls this once the statement is bound, to execute it and end the exchange with a Sync.
  _getRows(connection: ProtocolConnection): void {
    connection.execute({ portal: '' });
    if (this.around.commit) writeCommand(connection, 'commit');
    connection.sync();
  }
}

function pipelined(
  client: pg.PoolClient,
  statement: RawStatement,
  around: { begin: boolean; commit: boolean },
): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const query = new PipelinedQuery(statement, around);
    // Answered with one result per command, in order: BEGIN's, the statement's, COMMIT's.
    (query as unknown as { callback: (error: Error | null, results: pg.QueryResult[]) => void }).callback = (
      error,
      results,
    ) => {
      if (error) reject(error);
      else resolve((Array.isArray(results) ? results[around.begin ? 1 : 0] : results)?.rows ?? []);
    };
    client.query(query);
  });
}

/**
 * Runs a transaction that starts with `first` (sent with its BEGIN, in one round trip; `work` receives
 * its rows) and whose last statement — given to `finish`, which answers its rows — ends it: on PostgreSQL
 * the COMMIT travels with that statement, so row locks it takes are held for the time PostgreSQL needs
 * to run it and commit, however busy this process is. That statement must fail (not just match nothing)
 * when the transaction must not commit. Nothing may run in the transaction after `finish`; if `work`
 * never calls it, the transaction commits when `work` returns; if `work` throws first, or a statement
 * fails, everything rolls back. On PGlite (one connection, nothing concurrent) it is an ordinary
 * transaction.
 */
export async function transactionEndingWith<T>(
  db: Database,
  first: RawStatement,
  work: (
    tx: Database,
    firstRows: unknown[],
    finish: (statement: RawStatement) => Promise<unknown[]>,
  ) => Promise<T>,
): Promise<T> {
  const pool = driverClient(db);
  if (!(pool instanceof pg.Pool)) {
    return db.transaction(async (tx) =>
      work(tx as unknown as Database, await rawRows(tx, first), (statement) => rawRows(tx, statement)),
    );
  }
  const client = await pool.connect();
  const tx = drizzleNodePg(client) as unknown as Database;
  let committed = false;
  let broken: Error | undefined;
  try {
    const firstRows = await pipelined(client, first, { begin: true, commit: false });
    const result = await work(tx, firstRows, async (statement) => {
      if (committed) throw new Error('the transaction has already ended');
      const rows = await pipelined(client, statement, { begin: false, commit: true });
      committed = true;
      return rows;
    });
    if (!committed) {
      await client.query('commit');
      committed = true;
    }
    return result;
  } catch (error) {
    if (!committed) {
      // A failed statement or COMMIT may have ended the transaction already (or a failed BEGIN never
      // started it); a ROLLBACK then only warns.
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
