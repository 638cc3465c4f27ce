import { placeListSchema, placeSearchQuerySchema } from '@guichet/shared/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http';
import { authenticate, type PreHandler, requireStaffId } from '../../plugins/auth';
import { verifyAccessToken } from '../auth/tokens';
import { geocoderFromConfig } from './geocoders';
import { PlaceSearch } from './places.service';

/** How long place search trusts that a staff member's account still exists. */
const ACCOUNT_CHECK_TTL_MS = 10_000;

/**
 * `authenticate` for a lookup typed key by key: the access token is verified on every request, but the
 * account check (a database query, the cost of the whole request otherwise) is remembered per staff member
 * for a few seconds. A deleted account may so search cities for up to that long; nothing of an
 * organisation is ever exposed here.
 */
function authenticateRemembered(ctx: AppContext): PreHandler {
  const full = authenticate(ctx.db, ctx.config.jwtSecret);
  const checked = new Map<string, number>();
  return async (request, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (match?.[1]) {
      const staffId = await verifyAccessToken(ctx.config.jwtSecret, match[1]);
      if ((checked.get(staffId) ?? 0) > Date.now()) {
        request.staffId = staffId;
        return;
      }
    }
    await full(request, reply);
    if (!request.staffId) return;
    if (checked.size >= 10_000) checked.clear();
    checked.set(request.staffId, Date.now() + ACCOUNT_CHECK_TTL_MS);
  };
}

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
        preHandler: authenticateRemembered(ctx),
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
