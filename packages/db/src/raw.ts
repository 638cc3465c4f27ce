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
  waitReady: Promise<void>;
}

/**
 * Runs a hand-written statement on the driver under the ORM, and answers its rows as the driver parsed them
 * (timestamps as Date, integers as numbers, numerics as strings). For the hottest reads only: mapping rows
 * through the ORM costs more than the query itself there.
 */
export async function rawRows<Row>(db: Database, statement: RawStatement): Promise<Row[]> {
  const client = (db as unknown as { $client: PgClient | PgliteClient }).$client;
  const result =
    'waitReady' in client
      ? await client.query(statement.text, statement.values)
      : await client.query(statement);
  return result.rows as Row[];
}
