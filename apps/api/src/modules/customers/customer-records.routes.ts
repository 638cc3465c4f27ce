import { Readable } from 'node:stream';
import {
  customerImportSchema,
  customerMergePageSchema,
  customerMergeSchema,
  eraseCustomerBodySchema,
  importQuerySchema,
  mergeCustomerBodySchema,
} from '@guichet/shared/customer-records';
import { pageQuerySchema } from '@guichet/shared/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { errorResponses, noContent, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import { eraseCustomer } from './erasure.service';
import { getImport, startImport } from './import.service';
import { listMerges, mergeCustomers, unmergeCustomer } from './merge.service';
import { customerRecordJson, exportedCustomer } from './record-export';

const customerParams = z.object({ customerId: z.uuid() });
const mergeParams = z.object({ customerId: z.uuid(), mergedId: z.uuid() });

/** A customer's record as a whole: merge, unmerge, JSON export, erasure (ALL or MEMBER). */
export function customerRecordsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['customers'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;
    // An import's file is streamed as it arrives (to a temporary file), never buffered by the parser.
    app.addContentTypeParser(
      ['text/csv', 'text/plain', 'application/octet-stream'],
      (_request, payload, done) => done(null, payload),
    );

    app.get(
      '/customers/:customerId/merges',
      {
        config: { access: 'customers.merges' },
        schema: {
          ...common,
          summary: 'The records merged into this customer (in force and undone), newest first',
          params: customerParams,
          querystring: pageQuerySchema,
          response: { 200: customerMergePageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listMerges(ctx, org(request), request.params.customerId, request.query),
    );

    app.post(
      '/customers/:customerId/merges',
      {
        config: { access: 'customers.merge' },
        schema: {
          ...common,
          summary: 'Merge another record of the same person into this one (audited; undone by an unmerge)',
          params: customerParams,
          body: mergeCustomerBodySchema,
          response: { 201: customerMergeSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await mergeCustomers(
              ctx,
              org(request),
              requireStaffId(request),
              request.params.customerId,
              request.body,
            ),
          ),
    );

    app.delete(
      '/customers/:customerId/merges/:mergedId',
      {
        config: { access: 'customers.unmerge' },
        schema: {
          ...common,
          summary: 'Unmerge: the merged record stands on its own again with what had moved (audited)',
          params: mergeParams,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await unmergeCustomer(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.customerId,
          request.params.mergedId,
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/customers/:customerId/export',
      {
        config: { access: 'customers.exportRecord' },
        schema: {
          ...common,
          summary: 'Everything held about the person, as one JSON document (streamed)',
          params: customerParams,
          // A JSON stream: sent as it is, never serialised.
          response: { 200: z.unknown().describe('application/json'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const customer = await exportedCustomer(ctx, org(request), request.params.customerId);
        return reply
          .header('content-disposition', `attachment; filename="customer-${customer.id}.json"`)
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(Readable.from(customerRecordJson(ctx, org(request), customer)));
      },
    );

    app.post(
      '/customers/:customerId/erase',
      {
        config: { access: 'customers.erase' },
        schema: {
          ...common,
          summary:
            'Erase the person: personal data removed everywhere, amounts kept (confirmed by typing the e-mail)',
          params: customerParams,
          body: eraseCustomerBodySchema,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await eraseCustomer(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.customerId,
          request.body,
        );
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/customer-imports',
      {
        // The file is streamed to the handler: an Idempotency-Key is claimed before it is read, and the
        // file hashed as it is read (decision 034), so a repeat gives the same import without a second.
        config: { access: 'customers.import', idempotency: { streamedBody: true } },
        bodyLimit: 50 * 1024 * 1024,
        schema: {
          ...common,
          summary:
            'Import customers (or a list’s members) from a CSV file sent as the body; a job whose status the page polls',
          querystring: importQuerySchema,
          response: { 202: customerImportSchema, ...errorResponses(400, 401, 403, 404, 413) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!(body instanceof Readable)) {
          throw new AppError('argument-error', 'Send the CSV file as the body (text/csv).');
        }
        const started = await startImport(
          ctx,
          org(request),
          requireStaffId(request),
          request.query,
          body,
          (error) => request.log.error({ err: error }, 'customer import failed'),
        );
        return reply.code(202).send(started);
      },
    );

    app.get(
      '/customer-imports/:importId',
      {
        config: { access: 'customers.importStatus' },
        schema: {
          ...common,
          summary: 'An import’s progress, counts and rejected rows (with why)',
          params: z.object({ importId: z.uuid() }),
          response: { 200: customerImportSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getImport(ctx, org(request), request.params.importId),
    );
  };
}
