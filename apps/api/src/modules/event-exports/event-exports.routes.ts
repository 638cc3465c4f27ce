import { Readable } from 'node:stream';
import { eventExportQuerySchema } from '@guichet/shared/event-exports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireTenant } from '../../plugins/tenancy';
import { type ExportKind, exportEvent } from './event-exports.service';

const eventParams = z.object({ id: z.uuid() });

/** An event's attendees and its check-ins as CSV, beside the orders export of the event's page. */
export function eventExportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['events'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const routes = [
      [
        'attendees',
        'eventExports.attendees',
        'The event’s attendees (valid tickets of paid and awaiting orders) as CSV',
      ],
      ['checkins', 'eventExports.checkins', 'The event’s check-in log as CSV'],
    ] as const;
    for (const [kind, access, summary] of routes) {
      app.get(
        `/events/:id/${kind}.csv`,
        {
          config: { access },
          schema: {
            ...common,
            summary: `${summary} (French: semicolons and decimal commas)`,
            params: eventParams,
            querystring: eventExportQuerySchema,
            // A CSV stream: sent as it is, never serialised.
            response: { 200: z.unknown().describe('text/csv'), ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request, reply) => {
          const { organizationId } = requireTenant(request);
          const exported = await exportEvent(
            ctx,
            organizationId,
            request.params.id,
            kind satisfies ExportKind,
            request.query.locale,
          );
          return reply
            .header('content-disposition', `attachment; filename="${kind}.csv"`)
            .header('cache-control', 'no-store')
            .type('text/csv; charset=utf-8')
            .send(Readable.from(exported.lines));
        },
      );
    }
  };
}
