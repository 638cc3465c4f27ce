import type { Queryable } from '@guichet/db/client';
import { documents, ledgerEntries } from '@guichet/db/schema/ledger';
import { customers, idempotencyKeys, orders, tickets } from '@guichet/db/schema/orders';
import { outbox } from '@guichet/db/schema/outbox';
import { refunds } from '@guichet/db/schema/payments';
import { checkinConflicts, checkinLog } from '@guichet/db/schema/scan';
import { auditLog } from '@guichet/db/schema/teams';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Erasing a person: every function takes the organisation id and uses it in its WHERE. Money columns are
// never written here; the ledger is not touched at all.

const ids = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The person's orders (by any of their addresses) with their names and notes. */
export async function ordersOfAddresses(db: Queryable, organizationId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: orders.id, code: orders.code, buyerName: orders.buyerName })
    .from(orders)
    .where(
      and(eq(orders.organizationId, organizationId), sql`lower(${orders.buyerEmail}) in (${ids(emails)})`),
    );
}

export async function ticketsOfOrders(db: Queryable, organizationId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ id: tickets.id, attendeeName: tickets.attendeeName })
    .from(tickets)
    .where(and(eq(tickets.organizationId, organizationId), inArray(tickets.orderId, [...orderIds])));
}

/** The orders keep their amounts, status and code; who bought them is gone. */
export async function eraseOrders(
  db: Queryable,
  organizationId: string,
  orderIds: readonly string[],
  address: string,
  name: string,
) {
  if (orderIds.length === 0) return;
  await db
    .update(orders)
    .set({ buyerEmail: address, buyerName: name, note: null })
    .where(and(eq(orders.organizationId, organizationId), inArray(orders.id, [...orderIds])));
  await db
    .update(tickets)
    .set({ attendeeName: null })
    .where(and(eq(tickets.organizationId, organizationId), inArray(tickets.orderId, [...orderIds])));
  // A replayed idempotent request would answer the buyer's details: the stored answer goes.
  await db
    .update(idempotencyKeys)
    .set({ responseBody: null })
    .where(
      and(
        eq(idempotencyKeys.organizationId, organizationId),
        inArray(idempotencyKeys.orderId, [...orderIds]),
      ),
    );
}

/**
 * Issued receipts and invoices keep number, amount and currency; the name and address they were made out
 * to are replaced. Their trigger refuses any other change, and this one only inside an erasure's
 * transaction (`guichet.erasure`, set local to it).
 */
export async function eraseDocuments(
  db: Queryable,
  organizationId: string,
  orderIds: readonly string[],
  billedTo: { name: string; email: string },
) {
  if (orderIds.length === 0) return 0;
  const rows = await db
    .update(documents)
    .set({ billedTo })
    .where(and(eq(documents.organizationId, organizationId), inArray(documents.orderId, [...orderIds])))
    .returning({ id: documents.id });
  return rows.length;
}

/**
 * Declares the transaction an erasure (`on`) or ends that (`''`): the triggers of issued documents and of
 * the ledger then admit the one change an erasure makes to each (whom a document is made out to; the
 * free-text reason of a ledger entry), and nothing else. Local to the transaction.
 */
export async function declareErasure(db: Queryable, on: boolean) {
  await db.execute(sql`select set_config('guichet.erasure', ${on ? 'on' : ''}, true)`);
}

/** The person's name taken out of the reasons of their orders' ledger entries; amounts are not written. */
export async function eraseLedgerReasons(
  db: Queryable,
  organizationId: string,
  orderIds: readonly string[],
  pattern: string,
  replacement: string,
) {
  if (orderIds.length === 0) return;
  await db
    .update(ledgerEntries)
    .set({ reason: sql`regexp_replace(${ledgerEntries.reason}, ${pattern}, ${replacement}, 'gi')` })
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        inArray(ledgerEntries.orderId, [...orderIds]),
        sql`${ledgerEntries.reason} ~* ${pattern}`,
      ),
    );
}

/**
 * Mail to the person or about their orders, kept in the outbox (sent, stored or waiting). Some mail is
 * written without its organisation (a refund's notice); it is theirs when it goes to one of their addresses
 * and names one of their orders' codes, which are unique.
 */
export async function mailsOf(
  db: Queryable,
  organizationId: string,
  emails: readonly string[],
  orders: readonly { id: string; code: string }[],
) {
  if (emails.length === 0 && orders.length === 0) return [];
  const to = emails.length > 0 ? sql`lower(${outbox.payload}->>'to') in (${ids(emails)})` : sql`false`;
  const about =
    orders.length > 0
      ? inArray(
          outbox.orderId,
          orders.map((order) => order.id),
        )
      : sql`false`;
  const namesOrder =
    orders.length > 0
      ? sql`${outbox.payload}::text ~ ${orders.map((order) => order.code.replace(/[^A-Z0-9]/gi, '')).join('|')}`
      : sql`false`;
  return db
    .select({ id: outbox.id, payload: outbox.payload, status: outbox.status })
    .from(outbox)
    .where(
      or(
        and(eq(outbox.organizationId, organizationId), or(about, to)),
        and(isNull(outbox.organizationId), to, namesOrder),
      ),
    );
}

/** A mail's content is replaced; one not sent yet never leaves. */
export async function eraseMail(db: Queryable, mailId: string, payload: unknown) {
  // By id only: the rows were chosen by `mailsOf` for this organisation (some carry no organisation).
  await db
    .update(outbox)
    .set({
      payload,
      lastError: null,
      status: sql`case when ${outbox.status} = 'pending' then 'failed' else ${outbox.status} end`,
    })
    .where(eq(outbox.id, mailId));
}

/** Audit entries about the person, their orders or tickets, or whose details name one of their addresses. */
export async function auditEntriesOf(
  db: Queryable,
  organizationId: string,
  targetIds: readonly string[],
  emails: readonly string[],
) {
  const conditions: SQL[] = [];
  if (targetIds.length > 0) conditions.push(inArray(auditLog.targetId, [...targetIds]));
  for (const email of emails) {
    const pattern = `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${auditLog.before}::text ilike ${pattern} or ${auditLog.after}::text ilike ${pattern})`,
    );
  }
  if (conditions.length === 0) return [];
  return db
    .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, organizationId), or(...conditions)));
}

export async function setAuditDetails(
  db: Queryable,
  organizationId: string,
  entryId: string,
  details: { before: unknown; after: unknown },
) {
  await db
    .update(auditLog)
    .set(details)
    .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.id, entryId)));
}

/** Check-ins of the person's tickets: the scanner's answer may carry the attendee's name. */
export async function checkInsOfTickets(db: Queryable, organizationId: string, ticketIds: readonly string[]) {
  if (ticketIds.length === 0) return [];
  return db
    .select({ id: checkinLog.id, answer: checkinLog.answer })
    .from(checkinLog)
    .where(and(eq(checkinLog.organizationId, organizationId), inArray(checkinLog.ticketId, [...ticketIds])));
}

export async function setCheckInAnswer(
  db: Queryable,
  organizationId: string,
  checkInId: string,
  answer: unknown,
) {
  await db
    .update(checkinLog)
    .set({ answer })
    .where(and(eq(checkinLog.organizationId, organizationId), eq(checkinLog.id, checkInId)));
}

/** Free text staff wrote about the person's tickets and orders, with the person's name taken out. */
export async function eraseFreeText(
  db: Queryable,
  organizationId: string,
  orderIds: readonly string[],
  ticketIds: readonly string[],
  pattern: string,
  replacement: string,
) {
  const redact = (column: AnyPgColumn) => sql`regexp_replace(${column}, ${pattern}, ${replacement}, 'gi')`;
  if (orderIds.length > 0) {
    await db
      .update(refunds)
      .set({ reason: redact(refunds.reason) })
      .where(and(eq(refunds.organizationId, organizationId), inArray(refunds.orderId, [...orderIds])));
  }
  if (ticketIds.length > 0) {
    await db
      .update(checkinLog)
      .set({ reason: redact(checkinLog.reason), undoReason: redact(checkinLog.undoReason) })
      .where(
        and(eq(checkinLog.organizationId, organizationId), inArray(checkinLog.ticketId, [...ticketIds])),
      );
    await db
      .update(checkinConflicts)
      .set({ resolutionNote: redact(checkinConflicts.resolutionNote) })
      .where(
        and(
          eq(checkinConflicts.organizationId, organizationId),
          inArray(checkinConflicts.ticketId, [...ticketIds]),
        ),
      );
  }
}

/** The person's records go; their consents, notes, list memberships and merges go with them (cascade). */
export async function deleteCustomers(db: Queryable, organizationId: string, customerIds: readonly string[]) {
  if (customerIds.length === 0) return;
  await db
    .delete(customers)
    .where(and(eq(customers.organizationId, organizationId), inArray(customers.id, [...customerIds])));
}

/**
 * The safety net: every text and JSON column of every table that belongs to an organisation, searched for
 * the person's addresses (specific enough never to match anything else) and rewritten where found. It
 * reaches tables this module does not know by name. The ledger and issued documents are left to their
 * own rules (the ledger holds no address; documents were rewritten above).
 */
/**
 * Forgets what the integrations keep about the person (decision 034): their webhook deliveries (sent or
 * not: a payload and its log carry the name beside the address, which the sweep alone would leave) and
 * the stored `Idempotency-Key` answers that name them. The `customer.erased` event is written after this.
 */
export async function forgetIntegrationCopies(
  db: Queryable,
  organizationId: string,
  pattern: string,
): Promise<void> {
  await db.execute(sql`delete from webhook_deliveries
    where organization_id = ${organizationId} and payload::text ~* ${pattern}`);
  await db.execute(sql`delete from idempotent_answers
    where organization_id = ${organizationId} and response_body ~* ${pattern}`);
}

export async function sweepAddresses(
  db: Queryable,
  organizationId: string,
  pattern: string,
  replacement: string,
): Promise<number> {
  const columns = (
    (await db.execute(sql`
      select c.table_name, c.column_name, c.data_type
      from information_schema.columns c
      join information_schema.columns o on o.table_schema = c.table_schema and o.table_name = c.table_name
        and o.column_name = 'organization_id'
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
        and c.data_type in ('text', 'character varying', 'jsonb', 'json')
        and c.table_name not in ('ledger_entries', 'documents', 'customer_consents')
      order by 1, 2`)) as unknown as {
      rows: { table_name: string; column_name: string; data_type: string }[];
    }
  ).rows;
  let changed = 0;
  for (const column of columns) {
    const table = sql.identifier(column.table_name);
    const name = sql.identifier(column.column_name);
    const cast = sql.raw(column.data_type === 'character varying' ? 'text' : column.data_type);
    const result = (await db.execute(sql`
      update ${table} set ${name} = regexp_replace(${name}::text, ${pattern}, ${replacement}, 'gi')::${cast}
      where organization_id = ${organizationId} and ${name}::text ~* ${pattern}`)) as unknown as {
      rowCount?: number | null;
      affectedRows?: number;
    };
    changed += result.rowCount ?? result.affectedRows ?? 0;
  }
  return changed;
}
