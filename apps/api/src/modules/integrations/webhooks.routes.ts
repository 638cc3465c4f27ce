import {
  createWebhookBodySchema,
  listApiTokensQuerySchema,
  listWebhookDeliveriesQuerySchema,
  updateWebhookBodySchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointPageSchema,
  webhookEndpointSchema,
  webhookIdParamsSchema,
  webhookSecretSchema,
} from '@guichet/shared/integrations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses, noContent, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as service from './webhooks.service';

/** `/api/integrations/webhooks`: endpoints, their secret, the delivery log, replays, test sends (ALL). */
export function webhooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['integrations'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const actor = (request: FastifyRequest) => ({
      organizationId: requireTenant(request).organizationId,
      staffId: requireStaffId(request),
    });
    const noStore = { 'cache-control': 'no-store' };

    app.get(
      '/integrations/webhooks',
      {
        config: { access: 'webhooks.list' },
        schema: {
          ...common,
          summary: "The organisation's webhook endpoints",
          querystring: listApiTokensQuerySchema,
          response: { 200: webhookEndpointPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        service.listEndpoints(ctx, {
          organizationId: requireTenant(request).organizationId,
          ...request.query,
        }),
    );

    app.post(
      '/integrations/webhooks',
      {
        config: { access: 'webhooks.create' },
        schema: {
          ...common,
          summary: 'Add a webhook endpoint; its signing secret is answered this once',
          body: createWebhookBodySchema,
          response: { 201: webhookSecretSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .headers(noStore)
          .send(await service.createEndpoint(ctx, actor(request), request.body)),
    );

    app.patch(
      '/integrations/webhooks/:id',
      {
        config: { access: 'webhooks.update' },
        schema: {
          ...common,
          summary: 'Change a webhook endpoint: URL, description, event types, enabled',
          params: webhookIdParamsSchema,
          body: updateWebhookBodySchema,
          response: { 200: webhookEndpointSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.updateEndpoint(ctx, actor(request), request.params.id, request.body),
    );

    app.delete(
      '/integrations/webhooks/:id',
      {
        config: { access: 'webhooks.delete' },
        schema: {
          ...common,
          summary: 'Remove a webhook endpoint and its delivery log',
          params: webhookIdParamsSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.deleteEndpoint(ctx, actor(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/integrations/webhooks/:id/secret',
      {
        config: { access: 'webhooks.rotateSecret' },
        schema: {
          ...common,
          summary: "Replace a webhook endpoint's signing secret; the new one is answered this once",
          params: webhookIdParamsSchema,
          response: { 200: webhookSecretSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await service.rotateSecret(ctx, actor(request), request.params.id)),
    );

    app.post(
      '/integrations/webhooks/:id/test',
      {
        config: { access: 'webhooks.test' },
        schema: {
          ...common,
          summary: 'Send a webhook.test event to the endpoint',
          params: webhookIdParamsSchema,
          response: { 202: webhookDeliverySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await service.testSend(ctx, actor(request), request.params.id)),
    );

    app.get(
      '/integrations/webhooks/:id/deliveries',
      {
        config: { access: 'webhooks.deliveries' },
        schema: {
          ...common,
          summary: "An endpoint's delivery log: what was sent, the receiver's answer, attempts",
          params: webhookIdParamsSchema,
          querystring: listWebhookDeliveriesQuerySchema,
          response: { 200: webhookDeliveryPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.listDeliveries(ctx, {
          organizationId: requireTenant(request).organizationId,
          endpointId: request.params.id,
          ...request.query,
        }),
    );

    app.post(
      '/integrations/webhook-deliveries/:deliveryId/replay',
      {
        config: { access: 'webhooks.replay' },
        schema: {
          ...common,
          summary: 'Send a delivery again (same webhook-id and body) as a new delivery',
          params: webhookDeliveryParamsSchema,
          response: { 202: webhookDeliverySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await service.replayDelivery(ctx, actor(request), request.params.deliveryId)),
    );
  };
}
