import { createOrganizationBodySchema, organizationSchema } from '@guichet/shared/organizations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as service from './organizations.service';

/** Documented for OpenAPI; the tenancy check reads and validates the header itself. */

export function organizationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['organizations'], security: [{ bearer: [] }] };

    app.post(
      '/organizations',
      {
        // A repeat of a creation whose answer was lost must not make a second organisation.
        config: { access: 'organizations.create', idempotency: { outsideOrganization: true } },
        schema: {
          ...common,
          summary: 'Create an organisation; the creator holds ALL in it',
          body: createOrganizationBodySchema,
          response: { 201: organizationSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const organization = await service.createOrganization(
          ctx,
          requireStaffId(request),
          request.body.name,
        );
        return reply.code(201).send(organization);
      },
    );

    app.get(
      '/organizations/current',
      {
        config: { access: 'organizations.current' },
        schema: {
          ...common,
          summary: 'The organisation named by X-Organization-ID',
          headers: organizationHeaderSchema,
          response: { 200: organizationSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        service.getOrganizationForStaff(ctx, requireTenant(request).organizationId, requireStaffId(request)),
    );
  };
}
