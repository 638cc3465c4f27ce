import { mapConfigSchema } from '@guichet/shared/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http';

export function mapRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { tileUrl, attribution, maxZoom } = ctx.config.map;
    const body = { tileUrl, attribution, maxZoom };

    app.get(
      '/map/config',
      {
        config: { access: 'map.config', rememberAccount: true },
        schema: {
          tags: ['places'],
          security: [{ bearer: [] }],
          summary:
            'How the web app draws maps: tile URL template (null: no tiles), attribution, deepest zoom',
          response: { 200: mapConfigSchema, ...errorResponses(401) },
        },
      },
      async () => body,
    );
  };
}
