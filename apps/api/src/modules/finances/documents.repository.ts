import type { Queryable } from '@guichet/db/client';
import { documentCounters, documents } from '@guichet/db/schema/ledger';
import { orders } from '@guichet/db/schema/orders';
import { and, desc, eq, lt, sql } from 'drizzle-orm';

export type DocumentRow = typeof documents.$inferSelect;
type Series = DocumentRow['series'];

/**
 * The next number of a series, in the caller's transaction: one statement that creates the counter at 1 or
 * adds one, holding its row until the transaction ends (so numbers are consecutive, and a rollback frees it).
 */
export async function takeNumber(db: Queryable, organizationId: string, series: Series): Promise<number> {
  const [row] = await db
    .insert(documentCounters)
    .values({ organizationId, series, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.organizationId, documentCounters.series],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ number: documentCounters.lastNumber });
  if (!row) throw new Error('no document number');
  return row.number;
}

export async function insertDocument(db: Queryable, values: typeof documents.$inferInsert) {
  const [row] = await db.insert(documents).values(values).returning();
  if (!row) throw new Error('document not stored');
  return row;
}

export async function findDocument(db: Queryable, organizationId: string, orderId: string, series: Series) {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        eq(documents.orderId, orderId),
        eq(documents.series, series),
      ),
    );
  return row;
}

/** The order, locked: two requests for one order's document queue up, and the second finds the first's. */
export async function lockOrder(db: Queryable, organizationId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)))
    .for('update');
  return row;
}

/** The organisation's documents, newest first, paged by id (UUIDv7: issue order). */
export async function listDocuments(db: Queryable, organizationId: string, limit: number, before?: string) {
  const rows = await db
    .select({ document: documents, orderCode: orders.code })
    .from(documents)
    .innerJoin(
      orders,
      and(eq(orders.id, documents.orderId), eq(orders.organizationId, documents.organizationId)),
    )
    .where(and(eq(documents.organizationId, organizationId), before ? lt(documents.id, before) : undefined))
    .orderBy(desc(documents.id))
    .limit(limit + 1);
  return {
    rows: rows.slice(0, limit),
    nextCursor: rows.length > limit ? (rows[limit - 1]?.document.id ?? null) : null,
  };
}
