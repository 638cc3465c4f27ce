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
