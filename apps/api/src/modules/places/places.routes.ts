import { placeListSchema, placeSearchQuerySchema } from '@guichet/shared/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { geocoderFromConfig } from './geocoders';
import { PlaceSearch } from './places.service';

export function placesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { geocoder: config } = ctx.config;
    const places = new PlaceSearch({
      geocoder: geocoderFromConfig(config, `Guichet/0.1 (+${ctx.config.publicUrl})`),
      timeoutMs: config.kind === 'gazetteer' ? 0 : config.timeoutMs,
      log: app.log,
    });

    app.get(
      '/places',
      {
        config: { access: 'places.search', rememberAccount: true },
        schema: {
          tags: ['places'],
          security: [{ bearer: [] }],
          summary: 'Search cities and addresses for a venue (embedded gazetteer, then the online geocoder)',
          querystring: placeSearchQuerySchema,
          response: { 200: placeListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({ items: await places.search(requireStaffId(request), request.query) }),
    );
  };
}
