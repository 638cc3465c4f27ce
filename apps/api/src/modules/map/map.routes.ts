import { mapConfigSchema } from '@guichet/shared/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http';
import { authenticate } from '../../plugins/auth';

/** How long the map configuration trusts that a staff member's account still exists (see `authenticate`). */
const ACCOUNT_CHECK_TTL_MS = 10_000;

export function mapRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { tileUrl, attribution, maxZoom } = ctx.config.map;
    const body = { tileUrl, attribution, maxZoom };

    app.get(
      '/map/config',
      {
        preHandler: authenticate(ctx.db, ctx.config.jwtSecret, { rememberAccountMs: ACCOUNT_CHECK_TTL_MS }),
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
