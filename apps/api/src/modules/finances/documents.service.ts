import type {
  FinanceDocument,
  issueDocumentBodySchema,
  listDocumentsQuerySchema,
} from '@guichet/shared/finances';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './documents.repository';

/**
 * Receipts and invoices of paid orders (ALL or FINANCE). Numbers are gapless per organisation and series:
 * the counter row is updated in the document's own transaction. One document of each kind per order;
 * asking again answers the one issued.
 */

const PREFIX = { receipt: 'R', invoice: 'INV' } as const;

function view(row: repository.DocumentRow, orderCode: string): FinanceDocument {
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
    issuedAt: row.issuedAt.toISOString(),
  };
}

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
    const existing = await repository.findDocument(tx, organizationId, orderId, body.kind);
    if (existing) return { document: view(existing, order.code), created: false };
    if (order.paidAt === null || order.totalMinor <= 0) {
      throw new AppError('invalid-order-status', 'Only an order that was paid has a receipt or an invoice.', {
        details: { status: order.status },
      });
    }
    const number = await repository.takeNumber(tx, organizationId, body.kind);
    const billing = body.kind === 'invoice' ? body.billing : undefined;
    const row = await repository.insertDocument(tx, {
      organizationId,
      orderId,
      series: body.kind,
      number,
      reference: `${PREFIX[body.kind]}-${String(number).padStart(6, '0')}`,
      amountMinor: order.totalMinor,
      currency: order.currency,
      billedTo: {
        name: billing?.name ?? order.buyerName,
        email: order.buyerEmail,
        ...(billing?.address ? { address: billing.address } : {}),
        ...(billing?.vatNumber ? { vatNumber: billing.vatNumber } : {}),
      },
      issuedBy: actor,
    });
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: `order.${body.kind}-issued`,
      targetType: 'order',
      targetId: orderId,
      after: { reference: row.reference, amountMinor: row.amountMinor, currency: row.currency },
    });
    return { document: view(row, order.code), created: true };
  });
}

export async function listDocuments(
  ctx: AppContext,
  organizationId: string,
  query: z.output<typeof listDocumentsQuerySchema>,
) {
  const page = await repository.listDocuments(ctx.db, organizationId, query.limit, query.cursor);
  return { items: page.rows.map((row) => view(row.document, row.orderCode)), nextCursor: page.nextCursor };
}
