import { cashUpSchema, reportQuerySchema, vatReportSchema } from '@guichet/shared/finances';
import { updateVatSettingsBodySchema, vatSettingsSchema } from '@guichet/shared/vat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as reports from './reports.service';
import * as vat from './vat.service';

const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;
const csvResponse = {
  200: z.unknown().describe('The report (text/csv, UTF-8 with BOM)'),
  ...errorResponses(400, 401, 403),
};

/** VAT settings and the accountant's reports (ALL or FINANCE). */
export function financeReportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['finances'], security: [{ bearer: [] }], headers: organizationHeaderSchema };

    app.get(
      '/finances/vat-settings',
      {
        config: { access: 'finances.vatSettings' },
        schema: {
          ...common,
          summary: 'The organisation’s VAT: registered or not, VAT number, rates, the default rate',
          response: { 200: vatSettingsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => vat.vatSettings(ctx, org(request)),
    );

    app.put(
      '/finances/vat-settings',
      {
        config: { access: 'finances.updateVatSettings' },
        schema: {
          ...common,
          summary: 'Change the VAT settings; tickets sold before keep the VAT computed when they were sold',
          body: updateVatSettingsBodySchema,
          response: { 200: vatSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => vat.updateVatSettings(ctx, org(request), requireStaffId(request), request.body),
    );

    app.get(
      '/finances/vat',
      {
        config: { access: 'finances.vatReport' },
        schema: {
          ...common,
          summary: 'VAT by rate of a period: sales when paid, refunds in the period they were made',
          querystring: reportQuerySchema,
          response: { 200: vatReportSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => reports.vatReport(ctx, org(request), request.query),
    );

    app.get(
      '/finances/cash-up',
      {
        config: { access: 'finances.cashUp' },
        schema: {
          ...common,
          summary:
            'What staff took (box office, door, offline orders marked paid) by event, person and method',
          querystring: reportQuerySchema,
          response: { 200: cashUpSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => reports.cashUp(ctx, org(request), request.query),
    );

    const csvRoutes = [
      ['/finances/vat.csv', 'finances.vatReport', 'The VAT report by rate as CSV', reports.vatReportCsv],
      ['/finances/cash-up.csv', 'finances.cashUp', 'The cash-up as CSV', reports.cashUpCsv],
      [
        '/finances/orders.csv',
        'finances.ordersExport',
        'The orders paid in a period with their money (gross, VAT, fees, refunded, net) as CSV',
        reports.ordersMoneyCsv,
      ],
    ] as const;
    for (const [url, access, summary, build] of csvRoutes) {
      app.get(
        url,
        {
          config: { access },
          schema: { ...common, summary, querystring: reportQuerySchema, response: csvResponse },
        },
        async (request, reply) => {
          const file = await build(ctx, org(request), request.query);
          return reply
            .type('text/csv; charset=utf-8')
            .header('cache-control', 'no-store')
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .send(file.body);
        },
      );
    }
  };
}
