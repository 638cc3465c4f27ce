import { memberListChoicesSchema } from '@guichet/shared/events';
import { pageQuerySchema } from '@guichet/shared/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http';
import { requireTenant } from '../../plugins/tenancy';
import { memberListChoices } from './member-gates.service';

/** What the events routes document for each of theirs. */
interface EventsSchema {
  tags: string[];
  security: { bearer: never[] }[];
  headers: z.ZodType;
}

/**
 * `GET /api/events/member-lists`: the member lists a `members` ticket type may name, for the ticket-type
 * form (ALL or EVENT, as ticket types: event managers pick lists without seeing who is on them).
 */
export function memberGateRoutes(ctx: AppContext, common: EventsSchema): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/events/member-lists',
      {
        config: { access: 'ticketTypes.memberLists' },
        schema: {
          ...common,
          summary:
            'The member lists a members-only ticket type may be restricted to (ids and names), by name',
          querystring: pageQuerySchema,
          response: { 200: memberListChoicesSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => memberListChoices(ctx, requireTenant(request).organizationId, request.query),
    );
  };
}
