import type { Queryable } from '@guichet/db/client';
import { events, ticketTypes } from '@guichet/db/schema/events';
import { type DocumentVatLine, documentCounters, documents } from '@guichet/db/schema/ledger';
import { orders, tickets } from '@guichet/db/schema/orders';
import { organizations } from '@guichet/db/schema/organizations';
import { refunds } from '@guichet/db/schema/payments';
import { organizationVatSettings } from '@guichet/db/schema/vat';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';

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

/** The order, unlocked (reads for rendering). */
export async function readOrder(db: Queryable, organizationId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
  return row;
}

/** An order by its public code (an unguessable handle: the buyer's pages). */
export async function findOrderByCode(db: Queryable, code: string) {
  const [row] = await db.select().from(orders).where(eq(orders.code, code));
  return row;
}

/** The order's VAT by rate, from what was stored on its tickets when they were sold. */
export async function orderVatLines(
  db: Queryable,
  organizationId: string,
  orderId: string,
): Promise<DocumentVatLine[]> {
  const rows = await db
    .select({
      rateBp: tickets.vatRateBp,
      grossMinor: sql<string>`sum(${tickets.priceMinor})`,
      vatMinor: sql<string>`sum(${tickets.vatMinor})`,
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.organizationId, organizationId),
        eq(tickets.orderId, orderId),
        gt(tickets.priceMinor, 0),
      ),
    )
    .groupBy(tickets.vatRateBp)
    .orderBy(asc(tickets.vatRateBp));
  return rows.map((row) => ({
    rateBp: row.rateBp,
    grossMinor: Number(row.grossMinor),
    vatMinor: Number(row.vatMinor),
  }));
}

/** What a document lists: the order's tickets grouped by type and rate. */
export async function orderLines(db: Queryable, organizationId: string, orderId: string) {
  const rows = await db
    .select({
      name: ticketTypes.name,
      unitMinor: tickets.priceMinor,
      rateBp: tickets.vatRateBp,
      quantity: sql<string>`count(*)`,
      vatMinor: sql<string>`sum(${tickets.vatMinor})`,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(and(eq(tickets.organizationId, organizationId), eq(tickets.orderId, orderId)))
    .groupBy(ticketTypes.name, ticketTypes.position, tickets.priceMinor, tickets.vatRateBp)
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.name));
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity), vatMinor: Number(row.vatMinor) }));
}

/** The order's refunds that gave money back (pending and refused ones excluded), oldest first. */
export async function refundsOf(db: Queryable, organizationId: string, orderId: string) {
  return db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.organizationId, organizationId),
        eq(refunds.orderId, orderId),
        gt(refunds.amountMinor, 0),
        eq(refunds.status, 'succeeded'),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/**
 * The credit note of a refund of an invoiced order, by the database function the refund's trigger also
 * calls (migration `*_invoices_custom.sql`): one numbering rule whoever issues it.
 */
export async function issueCreditNote(db: Queryable, refundId: string, issuer: string | null) {
  await db.execute(sql`select guichet_issue_credit_note(${refundId}::uuid, ${issuer}::uuid)`);
}

export async function findDocumentById(db: Queryable, organizationId: string, documentId: string) {
  const [row] = await db
    .select({ document: documents, orderCode: orders.code })
    .from(documents)
    .innerJoin(
      orders,
      and(eq(orders.id, documents.orderId), eq(orders.organizationId, documents.organizationId)),
    )
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
  return row;
}

/** Who issues the documents: the company settings and the VAT registration. */
export async function issuerOf(db: Queryable, organizationId: string) {
  const [row] = await db
    .select({
      name: organizations.name,
      legalName: organizations.legalName,
      addressLine1: organizations.addressLine1,
      addressLine2: organizations.addressLine2,
      postalCode: organizations.postalCode,
      city: organizations.city,
      country: organizations.country,
      companyVatNumber: organizations.vatNumber,
      registered: organizationVatSettings.registered,
      vatNumber: organizationVatSettings.vatNumber,
    })
    .from(organizations)
    .leftJoin(organizationVatSettings, eq(organizationVatSettings.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return row;
}

export async function eventOf(db: Queryable, organizationId: string, eventId: string) {
  const [row] = await db
    .select({ name: events.name, startsAt: events.startsAt, timeZone: events.timeZone })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.id, eventId)));
  return row;
}

/** The credit notes of an order, oldest first. */
export async function creditNotesOf(db: Queryable, organizationId: string, orderId: string) {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        eq(documents.orderId, orderId),
        inArray(documents.series, ['credit_note']),
      ),
    )
    .orderBy(asc(documents.number));
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

/** The organisation's most recently paid orders that cost something (the demo's documents). */
export async function recentPaidOrders(db: Queryable, organizationId: string, limit: number) {
  return db
    .select({ id: orders.id, refundedMinor: orders.refundedMinor })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        gt(orders.totalMinor, 0),
        sql`${orders.paidAt} is not null`,
      ),
    )
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(limit);
}
