import { patchStaffMeBodySchema, staffMeSchema } from '@guichet/shared/staffs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import * as service from './staffs.service';

export function staffsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['staffs'], security: [{ bearer: [] }] };

    app.get(
      '/staffs/me',
      {
        config: { access: 'staffs.me' },
        schema: {
          ...common,
          summary: 'The signed-in staff member with their organisations and permissions',
          response: { 200: staffMeSchema, ...errorResponses(401) },
        },
      },
      async (request) => service.getStaffMe(ctx, requireStaffId(request)),
    );

    app.patch(
      '/staffs/me',
      {
        config: { access: 'staffs.updateMe' },
        schema: {
          ...common,
          summary: 'Update the signed-in staff member’s profile',
          body: patchStaffMeBodySchema,
          response: { 200: staffMeSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => service.updateStaffMe(ctx, requireStaffId(request), request.body),
    );
  };
}
