import type { Queryable } from '@guichet/db/client';
import { outbox } from '@guichet/db/schema/outbox';
import { sql } from 'drizzle-orm';

/** Mail and messages waiting in the outbox: how many, and how long the oldest has waited (seconds). */
export async function outboxBacklog(db: Queryable): Promise<{ count: number; oldestSeconds: number }> {
  const result = (await db.execute(sql`
    select count(*)::int as count,
           coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8 as oldest
      from ${outbox}
     where ${outbox.status} = 'pending'`)) as unknown as { rows: { count: number; oldest: number }[] };
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), oldestSeconds: Number(row?.oldest ?? 0) };
}
