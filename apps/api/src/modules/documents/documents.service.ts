import type { Queryable } from '@guichet/db/client';
import type {
  BuyerDocument,
  FinanceDocument,
  issueDocumentBodySchema,
  listDocumentsQuerySchema,
  requestInvoiceBodySchema,
} from '@guichet/shared/finances';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './documents.repository';

/**
 * Receipts, invoices and credit notes of orders. Numbers are gapless per organisation and series: the
 * counter row is updated in the document's own transaction. One receipt and one invoice per order (asking
 * again answers the one issued); a credit note per refund of an invoiced order, issued by the database in
 * the refund's transaction. What a document says (amount, VAT by rate, to whom) is frozen when issued.
 */

const PREFIX = { receipt: 'R', invoice: 'INV' } as const;
type Issuable = keyof typeof PREFIX;
type OrderRow = NonNullable<Awaited<ReturnType<typeof repository.lockOrder>>>;

export function documentView(row: repository.DocumentRow, orderCode: string): FinanceDocument {
  return {
    id: row.id,
    orderId: row.orderId,
    orderCode,
    kind: row.series,
    number: row.number,
    reference: row.reference,
    amountMinor: row.amountMinor,
    currency: row.currency,
    billedTo: row.billedTo,
    vatLines: row.vatLines,
    issuedAt: row.issuedAt.toISOString(),
  };
}

/** Only an order that received money has a receipt or an invoice. */
function assertPaid(order: OrderRow) {
  if (order.paidAt === null || order.totalMinor <= 0) {
    throw new AppError('invalid-order-status', 'Only an order that was paid has a receipt or an invoice.', {
      details: { status: order.status },
    });
  }
}

/**
 * Issues the order's receipt or invoice in the caller's transaction (the order is locked first, so two
 * requests for one order queue up and the second finds the first's document). An invoice of an order
 * refunded before it was asked for comes with the credit notes of those refunds.
 */
async function issueLocked(
  tx: Queryable,
  order: OrderRow,
  actor: string | null,
  kind: Issuable,
  billing?: { name: string; address?: string; vatNumber?: string },
): Promise<{ row: repository.DocumentRow; created: boolean }> {
  const existing = await repository.findDocument(tx, order.organizationId, order.id, kind);
  if (existing) return { row: existing, created: false };
  assertPaid(order);
  const number = await repository.takeNumber(tx, order.organizationId, kind);
  const row = await repository.insertDocument(tx, {
    organizationId: order.organizationId,
    orderId: order.id,
    series: kind,
    number,
    reference: `${PREFIX[kind]}-${String(number).padStart(6, '0')}`,
    amountMinor: order.totalMinor,
    currency: order.currency,
    billedTo: {
      name: billing?.name ?? order.buyerName,
      email: order.buyerEmail,
      ...(billing?.address ? { address: billing.address } : {}),
      ...(billing?.vatNumber ? { vatNumber: billing.vatNumber } : {}),
    },
    vatLines: await repository.orderVatLines(tx, order.organizationId, order.id),
    issuedBy: actor,
  });
  if (kind === 'invoice') {
    for (const refund of await repository.refundsOf(tx, order.organizationId, order.id)) {
      await repository.issueCreditNote(tx, refund.id, actor);
    }
  }
  await recordAudit(tx, {
    organizationId: order.organizationId,
    actorStaffId: actor,
    action: `order.${kind}-issued`,
    targetType: 'order',
    targetId: order.id,
    after: { reference: row.reference, amountMinor: row.amountMinor, currency: row.currency },
  });
  return { row, created: true };
}

/** Finance staff issue a receipt or an invoice (ALL or FINANCE). */
export async function issueDocument(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  orderId: string,
  body: z.output<typeof issueDocumentBodySchema>,
): Promise<{ document: FinanceDocument; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const order = await repository.lockOrder(tx, organizationId, orderId);
    if (!order) throw new AppError('not-found', 'No such order in this organisation.');
    const billing = body.kind === 'invoice' ? body.billing : undefined;
    const issued = await issueLocked(tx, order, actor, body.kind, billing);
    return { document: documentView(issued.row, order.code), created: issued.created };
  });
}

/**
 * A buyer asks for an invoice from the order page, with their company's details; the order's code is the
 * credential (a wrong code is a 404 like any other). Asked again, the invoice issued stays as it was.
 */
export async function requestInvoice(
  ctx: AppContext,
  code: string,
  body: z.output<typeof requestInvoiceBodySchema>,
): Promise<{ document: BuyerDocument; created: boolean }> {
  const found = await repository.findOrderByCode(ctx.db, code.toUpperCase());
  if (!found) throw new AppError('not-found', 'No such order.');
  return ctx.db.transaction(async (tx) => {
    const order = await repository.lockOrder(tx, found.organizationId, found.id);
    if (!order) throw new AppError('not-found', 'No such order.');
    const issued = await issueLocked(tx, order, null, 'invoice', body.billing);
    return {
      document: {
        kind: 'invoice',
        reference: issued.row.reference,
        issuedAt: issued.row.issuedAt.toISOString(),
      },
      created: issued.created,
    };
  });
}

/** The reference of the order's invoice, or null while it has none (the buyer's order page). */
export async function invoiceReference(
  db: AppContext['db'],
  organizationId: string,
  orderId: string,
): Promise<string | null> {
  return (await repository.findDocument(db, organizationId, orderId, 'invoice'))?.reference ?? null;
}

/** The order's receipt, issued now if it has none yet; null when the order was not paid. */
export async function ensureReceipt(
  db: AppContext['db'],
  organizationId: string,
  orderId: string,
): Promise<repository.DocumentRow | null> {
  return db.transaction(async (tx) => {
    const order = await repository.lockOrder(tx, organizationId, orderId);
    if (!order || order.paidAt === null || order.totalMinor <= 0) return null;
    return (await issueLocked(tx, order, null, 'receipt')).row;
  });
}

export async function listDocuments(
  ctx: AppContext,
  organizationId: string,
  query: z.output<typeof listDocumentsQuerySchema>,
) {
  const page = await repository.listDocuments(ctx.db, organizationId, query.limit, query.cursor);
  return {
    items: page.rows.map((row) => documentView(row.document, row.orderCode)),
    nextCursor: page.nextCursor,
  };
}

/** The most recently paid orders, for issuing documents in bulk (the demo organisation). */
export async function recentPaidOrders(ctx: AppContext, organizationId: string, limit: number) {
  return repository.recentPaidOrders(ctx.db, organizationId, limit);
}
