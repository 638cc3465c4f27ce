import type { Queryable } from '@guichet/db/client';
import type { Locale } from '@guichet/shared/i18n';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { PrintedDocument } from './document-pdf';
import { renderDocumentPdfOffThread } from './document-pdf-pool';
import * as repository from './documents.repository';
import { ensureReceipt } from './documents.service';

/** A rendered document, as a download or an e-mail attachment. */
export interface DocumentFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

const FILE_PREFIX = { receipt: 'receipt', invoice: 'invoice', credit_note: 'credit-note' } as const;

/** Everything a document's PDF shows, read from what was frozen when it was issued. */
async function printed(db: Queryable, row: repository.DocumentRow, locale: Locale): Promise<PrintedDocument> {
  const order = await repository.readOrder(db, row.organizationId, row.orderId);
  if (!order) throw new AppError('not-found', 'No such document in this organisation.');
  const [issuer, event, lines, invoice] = await Promise.all([
    repository.issuerOf(db, row.organizationId),
    repository.eventOf(db, row.organizationId, order.eventId),
    row.series === 'credit_note'
      ? Promise.resolve([])
      : repository.orderLines(db, row.organizationId, order.id),
    row.series === 'credit_note'
      ? repository.findDocument(db, row.organizationId, order.id, 'invoice')
      : Promise.resolve(undefined),
  ]);
  const place = [issuer?.postalCode, issuer?.city].filter(Boolean).join(' ');
  return {
    locale,
    kind: row.series,
    reference: row.reference,
    issuedAt: row.issuedAt.toISOString(),
    timeZone: event?.timeZone ?? 'UTC',
    orderCode: order.code,
    eventName: event?.name ?? '',
    currency: row.currency,
    amountMinor: row.amountMinor,
    issuer: {
      name: issuer?.legalName || issuer?.name || '',
      address: [issuer?.addressLine1, issuer?.addressLine2, place, issuer?.country].filter(
        (line): line is string => Boolean(line),
      ),
      vatNumber: issuer?.vatNumber ?? issuer?.companyVatNumber ?? null,
      registered: issuer?.registered ?? false,
    },
    billedTo: row.billedTo,
    lines: lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitMinor: line.unitMinor,
      rateBp: line.rateBp,
    })),
    vatLines: row.vatLines,
    creditedReference: invoice?.reference ?? null,
  };
}

async function render(db: Queryable, row: repository.DocumentRow, locale: Locale): Promise<DocumentFile> {
  return {
    filename: `${FILE_PREFIX[row.series]}-${row.reference}.pdf`,
    contentType: 'application/pdf',
    content: Buffer.from(await renderDocumentPdfOffThread(await printed(db, row, locale))),
  };
}

/** Finance staff download any document of their organisation. */
export async function staffDocumentPdf(
  ctx: AppContext,
  organizationId: string,
  documentId: string,
  locale: Locale,
): Promise<DocumentFile> {
  const found = await repository.findDocumentById(ctx.db, organizationId, documentId);
  if (!found) throw new AppError('not-found', 'No such document in this organisation.');
  return render(ctx.db, found.document, locale);
}

/** The receipt of a paid order (issued on first use), attached to the tickets e-mail. */
export async function receiptFile(
  db: AppContext['db'],
  organizationId: string,
  orderId: string,
): Promise<DocumentFile | null> {
  const row = await ensureReceipt(db, organizationId, orderId);
  if (!row) return null;
  const order = await repository.readOrder(db, organizationId, orderId);
  return render(db, row, order?.locale === 'fr' ? 'fr' : 'en');
}

/** The order's invoice as issued (never issued here), attached to the tickets e-mail; null when none. */
export async function invoiceFile(
  db: AppContext['db'],
  organizationId: string,
  orderId: string,
): Promise<DocumentFile | null> {
  const row = await repository.findDocument(db, organizationId, orderId, 'invoice');
  if (!row) return null;
  const order = await repository.readOrder(db, organizationId, orderId);
  return render(db, row, order?.locale === 'fr' ? 'fr' : 'en');
}

/**
 * The buyer's receipt or invoice by the order's code. A wrong code, an unpaid order and an invoice never
 * asked for give the same 404: nothing tells a guesser whether a code exists.
 */
export async function buyerDocumentPdf(
  ctx: AppContext,
  code: string,
  kind: 'receipt' | 'invoice',
): Promise<DocumentFile> {
  const order = await repository.findOrderByCode(ctx.db, code.toUpperCase());
  const locale: Locale = order?.locale === 'fr' ? 'fr' : 'en';
  if (order && kind === 'receipt') {
    const file = await receiptFile(ctx.db, order.organizationId, order.id);
    if (file) return file;
  }
  if (order && kind === 'invoice') {
    const row = await repository.findDocument(ctx.db, order.organizationId, order.id, 'invoice');
    if (row) return render(ctx.db, row, locale);
  }
  throw new AppError('not-found', 'No such order.');
}
