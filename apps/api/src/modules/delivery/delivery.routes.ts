import { orderEmailsSchema } from '@guichet/shared/delivery';
import { pageQuerySchema } from '@guichet/shared/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireTenant } from '../../plugins/tenancy';
import { listOrderEmails } from './order-emails';
import { publicCalendar, publicTicketsPdf } from './tickets-document';

/** Ticket delivery: the buyer's PDF (public, by order code) and the mail of an order (back office). */
export function deliveryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/public/orders/:code/tickets.pdf',
      {
        config: { access: 'public.ticketsPdf' },
        schema: {
          tags: ['public'],
          summary: 'The tickets of a paid order as a PDF, one page per valid ticket',
          params: z.object({ code: z.string().min(1).max(64) }),
          response: {
            200: z.unknown().describe('The PDF document (application/pdf)'),
            ...errorResponses(400, 404, 429),
          },
        },
      },
      async (request, reply) => {
        await ctx.limiters.publicReadsPerIp.hit(request.ip);
        const file = await publicTicketsPdf(ctx, request.params.code);
        return (
          reply
            .type(file.contentType)
            // Secrets inside: never kept by shared caches.
            .header('cache-control', 'no-store')
            .header('x-content-type-options', 'nosniff')
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .send(file.content)
        );
      },
    );

    app.get(
      '/public/orders/:code/calendar.ics',
      {
        config: { access: 'public.orderCalendar' },
        schema: {
          tags: ['public'],
          summary: 'The event of an order as an iCalendar file, to add to a calendar',
          params: z.object({ code: z.string().min(1).max(64) }),
          response: {
            200: z.unknown().describe('The iCalendar file (text/calendar)'),
            ...errorResponses(400, 404, 429),
          },
        },
      },
      async (request, reply) => {
        await ctx.limiters.publicReadsPerIp.hit(request.ip);
        const file = await publicCalendar(ctx, request.params.code);
        return reply
          .type(file.contentType)
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.content);
      },
    );

    app.get(
      '/orders/:orderId/emails',
      {
        config: { access: 'orders.emails' },
        schema: {
          tags: ['orders'],
          security: [{ bearer: [] }],
          headers: organizationHeaderSchema,
          summary: 'The e-mails of an order (tickets, payment instructions): recipient, subject, delivery',
          params: z.object({ orderId: z.uuid() }),
          querystring: pageQuerySchema,
          response: { 200: orderEmailsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        listOrderEmails(ctx, requireTenant(request).organizationId, request.params.orderId, request.query),
    );
  };
}
