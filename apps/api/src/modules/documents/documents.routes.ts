import { buyerDocumentSchema, requestInvoiceBodySchema } from '@guichet/shared/finances';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireTenant } from '../../plugins/tenancy';
import { buyerDocumentPdf, type DocumentFile, staffDocumentPdf } from './document-files';
import { requestInvoice } from './documents.service';

const codeParams = z.object({ code: z.string().min(1).max(64) });

/** Receipts, invoices and credit notes as PDFs: finance staff (any document) and buyers (by order code). */
export function documentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const send = (reply: FastifyReply, file: DocumentFile) =>
      reply
        .type(file.contentType)
        // A buyer's name and address inside: never kept by shared caches.
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);

    app.get(
      '/finances/documents/:documentId/pdf',
      {
        config: { access: 'finances.documentPdf' },
        schema: {
          tags: ['finances'],
          security: [{ bearer: [] }],
          headers: organizationHeaderSchema,
          summary: 'A receipt, an invoice or a credit note as a PDF, as it was issued',
          params: z.object({ documentId: z.uuid() }),
          querystring: z.object({ locale: z.enum(['en', 'fr']).default('en') }),
          response: {
            200: z.unknown().describe('The PDF document (application/pdf)'),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) =>
        send(
          reply,
          await staffDocumentPdf(
            ctx,
            requireTenant(request).organizationId,
            request.params.documentId,
            request.query.locale,
          ),
        ),
    );

    app.post(
      '/public/orders/:code/invoice',
      {
        config: { access: 'public.requestInvoice' },
        schema: {
          tags: ['public'],
          summary:
            'The buyer asks for an invoice of a paid order, made out to their company; the one issued if asked again',
          params: codeParams,
          body: requestInvoiceBodySchema,
          response: {
            200: buyerDocumentSchema,
            201: buyerDocumentSchema,
            ...errorResponses(400, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        await ctx.limiters.publicOrdersPerIp.hit(request.ip);
        const issued = await requestInvoice(ctx, request.params.code, request.body);
        return reply.code(issued.created ? 201 : 200).send(issued.document);
      },
    );

    for (const kind of ['receipt', 'invoice'] as const) {
      app.get(
        `/public/orders/:code/${kind}.pdf`,
        {
          config: { access: kind === 'receipt' ? 'public.receiptPdf' : 'public.invoicePdf' },
          schema: {
            tags: ['public'],
            summary:
              kind === 'receipt'
                ? 'The receipt of a paid order as a PDF'
                : 'The invoice of an order as a PDF, once the buyer asked for it',
            params: codeParams,
            response: {
              200: z.unknown().describe('The PDF document (application/pdf)'),
              ...errorResponses(400, 404, 429),
            },
          },
        },
        async (request, reply) => {
          await ctx.limiters.publicReadsPerIp.hit(request.ip);
          return send(reply, await buyerDocumentPdf(ctx, request.params.code, kind));
        },
      );
    }
  };
}
