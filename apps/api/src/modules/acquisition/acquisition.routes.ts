import {
  acquisitionSettingsSchema,
  createTrackingLinkBodySchema,
  funnelQuerySchema,
  funnelSchema,
  recordVisitBodySchema,
  TRACKING_CODE_PATTERN,
  trackingLinkSchema,
  trackingLinksPageSchema,
  trackingLinksQuerySchema,
  updateTrackingLinkBodySchema,
} from '@guichet/shared/acquisition';
import { pageOf, pageQuerySchema } from '@guichet/shared/paging';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, noContent, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as funnel from './funnel.service';
import * as links from './links.service';
import { shortLinkNotFoundPage } from './short-link-page';
import * as visits from './visits.service';

const linkParams = z.object({ linkId: z.uuid() });

/** A visit beacon is a few hundred bytes; anything much larger is not one. */
const VISIT_BODY_LIMIT = 4096;

/**
 * `/acquisition/...` (ALL or DASHBOARD): tracking links, the funnel and its CSV, the attribution window.
 * `/public/visits`: the public event page's first-party beacon.
 */
export function acquisitionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['acquisition'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;

    app.get(
      '/acquisition/events',
      {
        config: { access: 'acquisition.events' },
        schema: {
          ...common,
          summary: 'The organisation’s events, the latest start first, to pick one for links and the funnel',
          querystring: pageQuerySchema,
          response: {
            200: pageOf(
              z.object({ id: z.uuid(), name: z.string(), startsAt: z.string(), status: z.string() }),
            ),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => links.listEvents(ctx, org(request), request.query),
    );

    app.get(
      '/acquisition/links',
      {
        config: { access: 'acquisition.links' },
        schema: {
          ...common,
          summary: 'Tracking links, newest first, optionally of one event (cursor pages)',
          querystring: trackingLinksQuerySchema,
          response: { 200: trackingLinksPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => links.listLinks(ctx, org(request), request.query),
    );

    app.post(
      '/acquisition/links',
      {
        config: { access: 'acquisition.createLink' },
        schema: {
          ...common,
          summary: 'Create a tracking link of an event: name, channel, UTM values; it gets a short code',
          body: createTrackingLinkBodySchema,
          response: { 201: trackingLinkSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await links.createLink(ctx, org(request), requireStaffId(request), request.body)),
    );

    app.get(
      '/acquisition/links/:linkId',
      {
        config: { access: 'acquisition.readLink' },
        schema: {
          ...common,
          summary: 'A tracking link',
          params: linkParams,
          response: { 200: trackingLinkSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => links.getLink(ctx, org(request), request.params.linkId),
    );

    app.patch(
      '/acquisition/links/:linkId',
      {
        config: { access: 'acquisition.updateLink' },
        schema: {
          ...common,
          summary: 'Rename a tracking link or change its channel or UTM values (its code stays)',
          params: linkParams,
          body: updateTrackingLinkBodySchema,
          response: { 200: trackingLinkSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        links.updateLink(ctx, org(request), requireStaffId(request), request.params.linkId, request.body),
    );

    app.delete(
      '/acquisition/links/:linkId',
      {
        config: { access: 'acquisition.deleteLink' },
        schema: {
          ...common,
          summary:
            'Delete a tracking link: its short address stops working; its visits stay under its channel',
          params: linkParams,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await links.deleteLink(ctx, org(request), requireStaffId(request), request.params.linkId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/acquisition/funnel',
      {
        config: { access: 'acquisition.funnel' },
        schema: {
          ...common,
          summary:
            'Visits → checkouts started → paid orders → net revenue per channel or link, for a period (first- or last-touch)',
          querystring: funnelQuerySchema,
          response: { 200: funnelSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => funnel.getFunnel(ctx, org(request), request.query),
    );

    app.get(
      '/acquisition/funnel.csv',
      {
        config: { access: 'acquisition.funnelCsv' },
        schema: {
          ...common,
          summary: 'The funnel as CSV (French: semicolons and decimal commas)',
          querystring: funnelQuerySchema.and(z.object({ locale: z.enum(['en', 'fr']).default('en') })),
          response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { locale, ...query } = request.query;
        const result = await funnel.getFunnel(ctx, org(request), query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="funnel-${query.from}-${query.to}.csv"`)
          .header('cache-control', 'no-store')
          .send(funnel.funnelCsv(result, locale));
      },
    );

    app.get(
      '/acquisition/settings',
      {
        config: { access: 'acquisition.settings' },
        schema: {
          ...common,
          summary: 'The attribution window (days before an order in which touches count)',
          response: { 200: acquisitionSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => visits.getSettings(ctx, org(request)),
    );

    app.put(
      '/acquisition/settings',
      {
        config: { access: 'acquisition.updateSettings' },
        schema: {
          ...common,
          summary: 'Change the attribution window (1 to 365 days; orders placed from now on use it)',
          body: acquisitionSettingsSchema,
          response: { 200: acquisitionSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => visits.saveSettings(ctx, org(request), request.body),
    );

    app.post(
      '/public/visits',
      {
        config: { access: 'public.recordVisit' },
        bodyLimit: VISIT_BODY_LIMIT,
        schema: {
          tags: ['public'],
          summary:
            'Record a first-party visit of a public event page (or a checkout started). Keeps no IP address or user agent; bots are left out.',
          body: recordVisitBodySchema,
          response: { 204: noContent, ...errorResponses(400, 413, 429) },
        },
      },
      async (request, reply) => {
        await ctx.limiters.publicReadsPerIp.hit(request.ip);
        const purpose = request.headers['sec-purpose'] ?? request.headers.purpose ?? request.headers['x-moz'];
        await visits.recordVisit(ctx, request.body, {
          userAgent: request.headers['user-agent'],
          purpose: Array.isArray(purpose) ? purpose.join(' ') : purpose,
        });
        // The same answer whether the visit was kept or not: the endpoint tells nothing about events.
        return reply.code(204).header('cache-control', 'no-store').send(null);
      },
    );
  };
}

/**
 * The short address of a tracking link, `/t/<code>`, at the site's root: a redirect to the public event
 * page carrying the link. It records nothing itself (previewers and prefetchers follow it too): the page
 * records the visit when a browser shows it.
 */
export function registerShortLinks(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { code: string } }>('/t/:code', { schema: { hide: true } }, async (request, reply) => {
    const code = request.params.code.toLowerCase();
    const target = TRACKING_CODE_PATTERN.test(code) ? await links.shortLinkTarget(ctx, code) : null;
    if (!target) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('vary', 'accept-language')
        .send(shortLinkNotFoundPage(request.headers['accept-language']));
    }
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}
