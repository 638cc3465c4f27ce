import {
  type Attention,
  attentionQuerySchema,
  attentionSchema,
  type DashboardEvents,
  type DashboardFigures,
  dashboardEventsSchema,
  dashboardFiguresQuerySchema,
  dashboardFiguresSchema,
} from '@guichet/shared/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireTenant } from '../../plugins/tenancy';
import { attentionPage, attentionRows } from './attention.repository';
import { dashboardEvents } from './events.service';
import { type FiguresQuery, figures } from './figures.service';
import { type DashboardChanges, LiveDashboardChanges } from './live';
import { SharedReadings } from './shared-readings';

const PING_MS = 15_000;

/**
 * `/dashboard/...` (ALL or DASHBOARD): the figures of a period against the previous one, and the same
 * figures as a stream that sends them again whenever they change. Figures only: no payouts, documents or customer details (decision 027).
 */
export function dashboardRoutes(ctx: AppContext, changes?: DashboardChanges): FastifyPluginAsyncZod {
  return async (app) => {
    const live =
      changes ??
      new LiveDashboardChanges(
        ctx.db,
        ctx.config.dashboard.pollMs,
        (error) => app.log.error({ err: error }, 'dashboard change poll failed'),
        ctx.live,
      );
    app.addHook('onClose', async () => live.close());
    // Open streams would keep the server from closing: end them first.
    const streams = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of streams) end();
    });
    const common = { tags: ['dashboard'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;
    // Requests and streams asking for the same figures at once share one reading (shared-readings.ts); so do
    // the events and what needs attention, which every open dashboard asks for again after each frame.
    const figureReadings = new SharedReadings<DashboardFigures>();
    const readFigures = (organizationId: string, query: FiguresQuery) =>
      figureReadings.read(JSON.stringify([organizationId, query.from, query.to, query.tz]), () =>
        figures(ctx.db, organizationId, query),
      );
    const eventReadings = new SharedReadings<DashboardEvents>();
    const attentionReadings = new SharedReadings<Attention>();

    app.get(
      '/dashboard/figures',
      {
        config: { access: 'dashboard.figures' },
        schema: {
          ...common,
          summary: 'A period’s figures against the previous one of the same length, and sales over time',
          querystring: dashboardFiguresQuerySchema,
          response: { 200: dashboardFiguresSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => readFigures(org(request), request.query),
    );

    app.get(
      '/dashboard/events',
      {
        config: { access: 'dashboard.events' },
        schema: {
          ...common,
          summary: 'Upcoming events with fill rate and sales pace; events happening now with their headcount',
          response: { 200: dashboardEventsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const organizationId = org(request);
        return eventReadings.read(organizationId, () => dashboardEvents(ctx.db, organizationId));
      },
    );

    app.get(
      '/dashboard/attention',
      {
        config: { access: 'dashboard.attention' },
        schema: {
          ...common,
          summary: 'What needs attention, each item with the event it concerns, as counts',
          querystring: attentionQuerySchema,
          response: { 200: attentionSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const organizationId = org(request);
        const { query } = request;
        return attentionReadings.read(
          JSON.stringify([organizationId, query.unpaidDays, query.limit, query.cursor]),
          async () =>
            attentionPage(await attentionRows(ctx.db, organizationId, query, new Date()), query.limit),
        );
      },
    );

    app.get(
      '/dashboard/stream',
      {
        config: { access: 'dashboard.stream' },
        schema: {
          ...common,
          summary:
            'The period’s figures as server-sent events: now, then within 2 s of every order, refund or scan',
          querystring: dashboardFiguresQuerySchema,
          produces: ['text/event-stream'],
          response: { ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const organizationId = org(request);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        raw.write(': connected\n\n');
        // One reading at a time per stream; changes during a reading ask for one more afterwards.
        let reading = false;
        let again = false;
        let closed = false;
        const send = async () => {
          if (reading) {
            again = true;
            return;
          }
          reading = true;
          try {
            do {
              again = false;
              const current = await readFigures(organizationId, request.query);
              if (closed) return;
              raw.write(`event: figures\ndata: ${JSON.stringify({ type: 'figures', figures: current })}\n\n`);
            } while (again && !closed);
          } catch (error) {
            app.log.error({ err: error }, 'dashboard figures failed');
          } finally {
            reading = false;
          }
        };
        const unwatch = live.watch(organizationId, () => void send());
        void send();
        const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
        const stop = () => {
          closed = true;
          clearInterval(ping);
          unwatch();
          streams.delete(end);
        };
        const end = () => {
          stop();
          raw.end();
        };
        streams.add(end);
        request.raw.once('close', stop);
      },
    );
  };
}
