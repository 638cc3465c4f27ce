import { markPaidBodySchema } from '@guichet/shared/door';
import {
  cancelOrderBodySchema,
  createBoxOfficeOrderBodySchema,
  listOrdersQuerySchema,
  orderDetailSchema,
  orderPageSchema,
  updateTicketBodySchema,
} from '@guichet/shared/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as service from './orders.service';

// `:id` like the events routes, so the router sees one parameter name under /events.
const eventParams = z.object({ id: z.uuid() });
const orderParams = z.object({ orderId: z.uuid() });
const ticketParams = z.object({ orderId: z.uuid(), ticketId: z.uuid() });

/** Orders of the organisation's events: ALL or EVENT (PRODUCT.md). */
export function ordersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['orders'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;

    app.get(
      '/events/:id/orders',
      {
        config: { access: 'orders.ofEvent' },
        schema: {
          ...common,
          summary: 'An event’s orders: search by buyer, e-mail or code, filters, cursor pages (newest first)',
          params: eventParams,
          querystring: listOrdersQuerySchema,
          response: { 200: orderPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.listOrders(ctx, org(request), request.params.id, request.query),
    );

    app.post(
      '/events/:id/orders',
      {
        config: { access: 'orders.boxOffice' },
        schema: {
          ...common,
          summary: 'Box office: tickets given away or paid on the spot (paid at once, within capacity)',
          params: eventParams,
          body: createBoxOfficeOrderBodySchema,
          response: { 201: orderDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await service.createBoxOfficeOrder(
              ctx,
              org(request),
              requireStaffId(request),
              request.params.id,
              request.body,
            ),
          ),
    );

    app.get(
      '/orders/:orderId',
      {
        config: { access: 'orders.read' },
        schema: {
          ...common,
          summary: 'One order with its tickets and audit trail',
          params: orderParams,
          response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.getOrder(ctx, org(request), request.params.orderId),
    );

    app.post(
      '/orders/:orderId/mark-paid',
      {
        config: { access: 'orders.markPaid' },
        schema: {
          ...common,
          summary: 'Record the payment of an offline order; its tickets are sent',
          params: orderParams,
          body: markPaidBodySchema.nullish(),
          response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.markPaid(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.orderId,
          request.body ?? undefined,
        ),
    );

    app.post(
      '/orders/:orderId/cancel',
      {
        config: { access: 'orders.cancel' },
        schema: {
          ...common,
          summary: 'Cancel an order; its places are given back once',
          params: orderParams,
          // A cancel without a reason may come with no body at all.
          body: cancelOrderBodySchema.nullish(),
          response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.cancelOrder(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.orderId,
          request.body?.reason,
        ),
    );

    app.post(
      '/orders/:orderId/resend',
      {
        config: { access: 'orders.resend' },
        schema: {
          ...common,
          summary: 'Send the buyer’s order e-mail again (tickets, or payment instructions while pending)',
          params: orderParams,
          response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.resendOrderMail(ctx, org(request), requireStaffId(request), request.params.orderId),
    );

    app.patch(
      '/orders/:orderId/tickets/:ticketId',
      {
        config: { access: 'orders.updateTicket' },
        schema: {
          ...common,
          summary: 'Change the attendee name of a ticket',
          params: ticketParams,
          body: updateTicketBodySchema,
          response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.updateTicket(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.orderId,
          request.params.ticketId,
          request.body.attendeeName,
        ),
    );
  };
}
