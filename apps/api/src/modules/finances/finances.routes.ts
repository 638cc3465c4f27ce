import {
  financeDocumentPageSchema,
  financeDocumentSchema,
  financeOrderSchema,
  financesEntriesQuerySchema,
  financesSummaryQuerySchema,
  financesSummarySchema,
  issueDocumentBodySchema,
  journalQuerySchema,
  ledgerEntryPageSchema,
  listDocumentsQuerySchema,
} from '@guichet/shared/finances';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as documents from '../documents/documents.service';
import * as service from './finances.service';
import { journalCsv } from './journal.service';

const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;

/** The finances area: ALL or FINANCE (PRODUCT.md), from the ledger only. */
export function financesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['finances'], security: [{ bearer: [] }], headers: organizationHeaderSchema };

    app.get(
      '/finances/summary',
      {
        config: { access: 'finances.summary' },
        schema: {
          ...common,
          summary:
            'A period’s money per currency: gross, refunds, fees, net, by payment method and by event, and a series for a chart',
          querystring: financesSummaryQuerySchema,
          response: { 200: financesSummarySchema, ...errorResponses(400, 401, 403, 404) },
        },
        // The summary is built field by field as its typed schema says (as the customers list): checking
        // its blocks, events and chart points again on the way out was CPU the bare baseline does not spend.
        // Errors still go through the error handler's own serialisation.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => service.summary(ctx, org(request), request.query),
    );

    app.get(
      '/finances/entries',
      {
        config: { access: 'finances.entries' },
        schema: {
          ...common,
          summary: 'The ledger rows behind a figure of the summary, newest first, a page at a time',
          querystring: financesEntriesQuerySchema,
          response: { 200: ledgerEntryPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.entries(ctx, org(request), request.query),
    );

    app.get(
      '/finances/orders/:orderId',
      {
        config: { access: 'finances.order' },
        schema: {
          ...common,
          summary: 'An order’s money: gross, VAT, fees, refunded, net, and its ledger rows',
          params: z.object({ orderId: z.uuid() }),
          response: { 200: financeOrderSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.financeOrder(ctx, org(request), request.params.orderId),
    );

    app.get(
      '/finances/journal.csv',
      {
        config: { access: 'finances.journal' },
        schema: {
          ...common,
          summary:
            'The accountant’s journal of a period as CSV: each ledger row as a debit and a credit of the same amount (balanced)',
          querystring: journalQuerySchema,
          response: {
            200: z.unknown().describe('The journal (text/csv, UTF-8 with BOM)'),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const file = await journalCsv(ctx, org(request), request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.body);
      },
    );

    app.post(
      '/finances/orders/:orderId/documents',
      {
        config: { access: 'finances.issueDocument' },
        schema: {
          ...common,
          summary:
            'Issue the receipt or the invoice of a paid order (numbered without gaps in its series); the one issued if asked again',
          params: z.object({ orderId: z.uuid() }),
          body: issueDocumentBodySchema,
          response: {
            200: financeDocumentSchema,
            201: financeDocumentSchema,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const issued = await documents.issueDocument(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.orderId,
          request.body,
        );
        return reply.code(issued.created ? 201 : 200).send(issued.document);
      },
    );

    app.get(
      '/finances/documents',
      {
        config: { access: 'finances.documents' },
        schema: {
          ...common,
          summary: 'The organisation’s receipts and invoices, newest first',
          querystring: listDocumentsQuerySchema,
          response: { 200: financeDocumentPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => documents.listDocuments(ctx, org(request), request.query),
    );
  };
}
