import {
  financeOrderSchema,
  financesEntriesQuerySchema,
  financesSummaryQuerySchema,
  financesSummarySchema,
  ledgerEntryPageSchema,
} from '@guichet/shared/finances';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireTenant } from '../../plugins/tenancy';
import * as service from './finances.service';

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
  };
}
