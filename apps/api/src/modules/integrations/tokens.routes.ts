import {
  apiTokenIdParamsSchema,
  apiTokenPageSchema,
  apiTokenSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
  listApiTokensQuerySchema,
} from '@guichet/shared/integrations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as service from './tokens.service';

/** `/api/integrations/tokens`: the organisation's API tokens, managed by ALL holders (decision 034). */
export function apiTokensRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['integrations'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const actor = (request: FastifyRequest) => ({
      organizationId: requireTenant(request).organizationId,
      staffId: requireStaffId(request),
    });

    app.get(
      '/integrations/tokens',
      {
        config: { access: 'apiTokens.list' },
        schema: {
          ...common,
          summary: "The organisation's API tokens",
          querystring: listApiTokensQuerySchema,
          response: { 200: apiTokenPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        service.listApiTokens(ctx, {
          organizationId: requireTenant(request).organizationId,
          ...request.query,
        }),
    );

    app.post(
      '/integrations/tokens',
      {
        // Its answer holds the secret, shown once: a repeat with the same Idempotency-Key gets it back only
        // from a sealed answer, and only while the token is alive (decision 034).
        config: {
          access: 'apiTokens.create',
          idempotency: {
            sealedAnswer: true,
            beforeReplay: (request, answer) =>
              service.assertTokenStillAlive(ctx, requireTenant(request).organizationId, answer),
          },
        },
        schema: {
          ...common,
          summary: 'Create an API token; its secret is answered this once',
          body: createApiTokenBodySchema,
          response: { 201: createdApiTokenSchema, ...errorResponses(400, 401, 403, 410) },
        },
      },
      async (request, reply) => {
        const created = await service.createApiToken(ctx, actor(request), request.body);
        reply.header('cache-control', 'no-store');
        return reply.code(201).send(created);
      },
    );

    app.delete(
      '/integrations/tokens/:id',
      {
        config: { access: 'apiTokens.revoke' },
        schema: {
          ...common,
          summary: 'Revoke an API token at once',
          params: apiTokenIdParamsSchema,
          response: { 200: apiTokenSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.revokeApiToken(ctx, actor(request), request.params.id),
    );
  };
}
