import type { Database } from '@guichet/db/client';
import { outbox } from '@guichet/db/schema/outbox';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Pick<Database, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

/** Writes the mail to the outbox; call it inside the transaction of the action that causes it. */
export async function enqueueMail(db: Queryable, message: MailMessage): Promise<void> {
  await db.insert(outbox).values({ kind: 'mail', payload: message });
}

/** Claims due outbox rows; SKIP LOCKED lets several workers share the table without double sends. */
export async function claimDue(db: Database, limit: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(outbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      // Push the claimed rows out of reach for a while; success or failure sets them properly below.
      await tx
        .update(outbox)
        .set({ nextAttemptAt: sql`now() + interval '5 minutes'` })
        .where(
          inArray(
            outbox.id,
            rows.map((row) => row.id),
          ),
        );
    }
    return rows;
  });
}

export async function markDone(db: Database, id: string, status: 'sent' | 'stored'): Promise<void> {
  await db.update(outbox).set({ status, processedAt: sql`now()`, lastError: null }).where(eq(outbox.id, id));
}

export async function markFailed(
  db: Database,
  id: string,
  attempts: number,
  error: string,
  give_up: boolean,
) {
  await db
    .update(outbox)
    .set({
      attempts,
      lastError: error.slice(0, 500),
      status: give_up ? 'failed' : 'pending',
      // Exponential backoff: 10 s, 20 s, 40 s ... capped at one hour.
      nextAttemptAt: sql`now() + make_interval(secs => ${Math.min(3600, 10 * 2 ** (attempts - 1))})`,
      processedAt: give_up ? sql`now()` : null,
    })
    .where(eq(outbox.id, id));
}

/** The development mailbox: mail kept because no SMTP server is configured, newest first. */
export async function listMailbox(db: Database, limit: number) {
  return db
    .select({ id: outbox.id, payload: outbox.payload, createdAt: outbox.createdAt, status: outbox.status })
    .from(outbox)
    .where(and(eq(outbox.kind, 'mail'), inArray(outbox.status, ['stored', 'pending'])))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}
