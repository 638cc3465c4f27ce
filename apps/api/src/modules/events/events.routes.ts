import {
  cancelEventBodySchema,
  createCapacityPoolBodySchema,
  createEventBodySchema,
  createTicketTypeBodySchema,
  eventDetailSchema,
  eventPageSchema,
  listEventsQuerySchema,
  reorderTicketTypesBodySchema,
  updateCapacityPoolBodySchema,
  updateEventBodySchema,
  updateTicketTypeBodySchema,
} from '@guichet/shared/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, noContent, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import { coverRoutes } from './covers.routes';
import * as service from './events.service';
import { memberGateRoutes } from './member-gates.routes';
import * as ticketTypes from './ticket-types.service';

/** Documented for OpenAPI; the tenancy check reads and validates the header itself. */
const eventParams = z.object({ id: z.uuid() });
const ticketTypeParams = z.object({ id: z.uuid(), ticketTypeId: z.uuid() });
const poolParams = z.object({ id: z.uuid(), poolId: z.uuid() });

/** `/events` and everything under it: ALL or EVENT. */
export function eventsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['events'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;
    await app.register(coverRoutes(ctx, common));
    await app.register(memberGateRoutes(ctx, common));

    app.get(
      '/events',
      {
        config: { access: 'events.list' },
        schema: {
          ...common,
          summary: 'The organisation’s events: search, status and date filters, sort, cursor pages',
          querystring: listEventsQuerySchema,
          response: { 200: eventPageSchema, ...errorResponses(400, 401, 403) },
        },
        // The page is built field by field as the typed schema says; checking it again on the way out cost
        // a sixth of this hot route's CPU. Errors still go through the error handler's own serialisation.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => service.listEvents(ctx, org(request), request.query),
    );

    app.post(
      '/events',
      {
        config: { access: 'events.create' },
        schema: {
          ...common,
          summary: 'Create an event as a draft',
          body: createEventBodySchema,
          response: { 201: eventDetailSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.createEvent(ctx, org(request), requireStaffId(request), request.body)),
    );

    app.get(
      '/events/:id',
      {
        config: { access: 'events.read' },
        schema: {
          ...common,
          summary: 'One event with its ticket types, capacity pools and capacity used and left',
          params: eventParams,
          response: { 200: eventDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.getEvent(ctx, org(request), request.params.id),
    );

    app.patch(
      '/events/:id',
      {
        config: { access: 'events.update' },
        schema: {
          ...common,
          summary: 'Change a draft or published event',
          params: eventParams,
          body: updateEventBodySchema,
          response: { 200: eventDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.updateEvent(ctx, org(request), requireStaffId(request), request.params.id, request.body),
    );

    const statusRoutes: [service.StatusAction, string][] = [
      ['publish', 'Publish a draft (it needs a ticket type)'],
      ['unpublish', 'Take a published event back to draft'],
      ['archive', 'Archive an event that has ended'],
    ];
    for (const [action, summary] of statusRoutes) {
      app.post(
        `/events/:id/${action}`,
        {
          config: { access: `events.${action}` },
          schema: {
            ...common,
            summary,
            params: eventParams,
            response: { 200: eventDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) =>
          service.changeStatus(ctx, org(request), requireStaffId(request), request.params.id, action),
      );
    }

    app.post(
      '/events/:id/cancel',
      {
        config: { access: 'events.cancel' },
        schema: {
          ...common,
          summary: 'Cancel a draft or published event, with a reason',
          params: eventParams,
          body: cancelEventBodySchema,
          response: { 200: eventDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.changeStatus(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.id,
          'cancel',
          request.body.reason,
        ),
    );

    app.post(
      '/events/:id/duplicate',
      {
        config: { access: 'events.duplicate' },
        schema: {
          ...common,
          summary: 'Copy an event with its ticket types and pools as a new draft',
          params: eventParams,
          response: { 201: eventDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.duplicateEvent(ctx, org(request), requireStaffId(request), request.params.id)),
    );

    app.post(
      '/events/:id/ticket-types',
      {
        config: { access: 'ticketTypes.create' },
        schema: {
          ...common,
          summary: 'Add a ticket type (priced in the organisation’s currency)',
          params: eventParams,
          body: createTicketTypeBodySchema,
          response: { 201: eventDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await ticketTypes.createTicketType(
              ctx,
              org(request),
              requireStaffId(request),
              request.params.id,
              request.body,
            ),
          ),
    );

    app.put(
      '/events/:id/ticket-types/order',
      {
        config: { access: 'ticketTypes.reorder' },
        schema: {
          ...common,
          summary: 'Set the order of the ticket types (every one, once)',
          params: eventParams,
          body: reorderTicketTypesBodySchema,
          response: { 200: eventDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        ticketTypes.reorderTicketTypes(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.id,
          request.body.ticketTypeIds,
        ),
    );

    app.patch(
      '/events/:id/ticket-types/:ticketTypeId',
      {
        config: { access: 'ticketTypes.update' },
        schema: {
          ...common,
          summary: 'Change a ticket type (capacity never below sold + held)',
          params: ticketTypeParams,
          body: updateTicketTypeBodySchema,
          response: { 200: eventDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        ticketTypes.updateTicketType(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.id,
          request.params.ticketTypeId,
          request.body,
        ),
    );

    app.delete(
      '/events/:id/ticket-types/:ticketTypeId',
      {
        config: { access: 'ticketTypes.delete' },
        schema: {
          ...common,
          summary: 'Remove a ticket type that has no sold or held tickets',
          params: ticketTypeParams,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await ticketTypes.deleteTicketType(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.id,
          request.params.ticketTypeId,
        );
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/events/:id/capacity-pools',
      {
        config: { access: 'capacityPools.create' },
        schema: {
          ...common,
          summary: 'Add a capacity shared by ticket types of the event',
          params: eventParams,
          body: createCapacityPoolBodySchema,
          response: { 201: eventDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await ticketTypes.createPool(
              ctx,
              org(request),
              requireStaffId(request),
              request.params.id,
              request.body,
            ),
          ),
    );

    app.patch(
      '/events/:id/capacity-pools/:poolId',
      {
        config: { access: 'capacityPools.update' },
        schema: {
          ...common,
          summary: 'Rename a capacity pool or change its capacity (never below sold + held)',
          params: poolParams,
          body: updateCapacityPoolBodySchema,
          response: { 200: eventDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        ticketTypes.updatePool(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.id,
          request.params.poolId,
          request.body,
        ),
    );

    app.delete(
      '/events/:id/capacity-pools/:poolId',
      {
        config: { access: 'capacityPools.delete' },
        schema: {
          ...common,
          summary:
            'Remove a capacity pool with no sold or held tickets (its ticket types keep their own capacity)',
          params: poolParams,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await ticketTypes.deletePool(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.id,
          request.params.poolId,
        );
        return reply.code(204).send(null);
      },
    );
  };
}
