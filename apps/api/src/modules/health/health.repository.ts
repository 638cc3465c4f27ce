import type { Queryable } from '@guichet/db/client';
import { sql } from 'drizzle-orm';

/**
 * The creation time (`folderMillis` of drizzle's journal) of the last migration the database applied, or
 * null when it has applied none (drizzle keeps them in `drizzle.__drizzle_migrations`).
 */
export async function lastAppliedMigration(db: Queryable): Promise<number | null> {
  const result = (await db.execute(sql`
    select max(created_at)::text as last
      from drizzle.__drizzle_migrations`)) as unknown as { rows: { last: string | null }[] };
  const last = result.rows[0]?.last;
  return last === null || last === undefined ? null : Number(last);
}
