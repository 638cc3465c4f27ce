import { pageQuerySchema } from '@guichet/shared/paging';
import {
  headcountSchema,
  offlineSnapshotSchema,
  redeemAnswerSchema,
  redeemRequestSchema,
  scanEventsSchema,
  scanOrganizationsSchema,
  snapshotQuerySchema,
  syncRequestSchema,
  syncResponseSchema,
} from '@guichet/shared/scan';
import { looksLikeTicketCode } from '@guichet/shared/ticket-code';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireClaims, requireStaffId } from '../../plugins/auth';
import { organizationIdOf, requireTenant } from '../../plugins/tenancy';
import { checkinRoutes } from './checkin.routes';
import * as checkins from './checkins.service';
import { doorRoutes } from './door.routes';
import { countHeadcount, HeadcountHub } from './headcount';
import { scanEvents, scanOrganizations } from './lists.service';
import { type Caller, RedeemBatches, redeem, type Scanner } from './redeem.service';
import { sync } from './sync.service';
import { TypedCodes } from './typed-codes';

const eventParams = z.object({ id: z.uuid() });
const PING_MS = 15_000;

/**
 * The scanner's endpoints (SCAN, EVENT or ALL) and the live headcount; the back office's check-in
 * management is in ./checkin.routes.ts. Paths and permissions: packages/shared/src/scan.ts.
 */
export function scanRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const hub = new HeadcountHub(
      ctx.db,
      ctx.config.scan.headcountPollMs,
      (error) => app.log.error({ err: error }, 'headcount count failed'),
      ctx.live,
    );
    app.addHook('onClose', async () => hub.close());
    // Open streams would keep the server from closing: end them first.
    const streams = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of streams) end();
    });
    const batches = new RedeemBatches(ctx.db);
    app.addHook('onClose', async () => batches.known.settled());
    const typed = new TypedCodes(ctx.db, ctx.limiters.scanWrongCodes);
    const common = { tags: ['scan'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const scanner = (request: Parameters<typeof requireTenant>[0]): Scanner => {
      const tenant = requireTenant(request);
      return {
        organizationId: tenant.organizationId,
        permissions: tenant.permissions,
        staffId: requireStaffId(request),
      };
    };

    app.get(
      '/scan/organizations',
      {
        config: { access: 'scan.organizations' },
        schema: {
          tags: ['scan'],
          security: [{ bearer: [] }],
          summary: 'Organisations where the caller may scan tickets (SCAN, EVENT or ALL)',
          querystring: pageQuerySchema,
          response: { 200: scanOrganizationsSchema, ...errorResponses(401) },
        },
      },
      async (request) => scanOrganizations(ctx, requireStaffId(request), request.query),
    );

    app.get(
      '/scan/events',
      {
        config: { access: 'scan.events' },
        schema: {
          ...common,
          summary: 'Events the scanner can pick, with their check-in lists',
          querystring: pageQuerySchema,
          response: { 200: scanEventsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => scanEvents(ctx, requireTenant(request).organizationId, request.query),
    );

    app.post(
      '/scan/redeem',
      {
        // The busiest route: the membership is checked in the same statement that reads the ticket.
        config: { access: 'scan.redeem', membershipReadByHandler: true },
        schema: {
          ...common,
          summary: 'Check a ticket in or out: ok, or refused with a reason (same nonce, same answer)',
          body: redeemRequestSchema,
          response: { 200: redeemAnswerSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        const { staffId, sessionGeneration } = requireClaims(request);
        // An API token was admitted by the guard, with its organisation and permissions.
        const token = request.apiTokenId ? requireTenant(request) : null;
        const organizationId = token ? token.organizationId : organizationIdOf(request);
        const body = request.body;
        const admitted = () => ctx.limiters.scanPerDevice.hit(`${organizationId}:${body.deviceId}`);
        const caller: Caller = {
          organizationId,
          staffId,
          sessionGeneration,
          admitted,
          ...(token ? { tokenPermissions: token.permissions } : {}),
        };
        if (body.secret && looksLikeTicketCode(body.secret)) {
          const who = { organizationId, staffId, deviceId: body.deviceId };
          const secrets = await typed.secretsOf(who, [body.secret], 'strict');
          return redeem(ctx, hub, batches, caller, { ...body, secret: secrets.get(body.secret) });
        }
        return redeem(ctx, hub, batches, caller, body);
      },
    );

    app.get(
      '/scan/snapshot',
      {
        config: { access: 'scan.snapshot' },
        schema: {
          ...common,
          summary: 'Everything a scanner needs to decide offline for some lists of one event',
          querystring: snapshotQuerySchema,
          response: { 200: offlineSnapshotSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => checkins.snapshot(ctx, requireTenant(request).organizationId, request.query.listIds),
    );

    app.post(
      '/scan/sync',
      {
        config: { access: 'scan.sync' },
        schema: {
          ...common,
          summary: 'Upload scans taken offline: each recorded once, conflicts raised, results per scan',
          body: syncRequestSchema,
          response: { 200: syncResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        const who = scanner(request);
        await ctx.limiters.scanPerDevice.hit(`${who.organizationId}:${request.body.deviceId}`);
        return sync(ctx, hub, who, request.body, typed);
      },
    );

    app.get(
      '/events/:id/headcount',
      {
        config: { access: 'checkins.headcount' },
        schema: {
          ...common,
          summary: 'Checked in and inside now, per list and ticket type',
          params: eventParams,
          response: { 200: headcountSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const organizationId = requireTenant(request).organizationId;
        await checkins.requireEvent(ctx, organizationId, request.params.id);
        return countHeadcount(ctx.db, organizationId, request.params.id);
      },
    );

    app.get(
      '/events/:id/headcount/stream',
      {
        config: { access: 'checkins.headcountStream' },
        schema: {
          ...common,
          summary: 'The headcount as server-sent events: now, then on every change',
          params: eventParams,
          produces: ['text/event-stream'],
          response: { ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const organizationId = requireTenant(request).organizationId;
        const eventId = request.params.id;
        await checkins.requireEvent(ctx, organizationId, eventId);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          // Proxies must not hold the stream back.
          'x-accel-buffering': 'no',
        });
        raw.write(': connected\n\n');
        const unwatch = hub.watch(organizationId, eventId, (headcount) => {
          raw.write(`event: headcount\ndata: ${JSON.stringify({ type: 'headcount', headcount })}\n\n`);
        });
        const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
        const stop = () => {
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

    await app.register(checkinRoutes(ctx, hub));
    await app.register(doorRoutes(ctx, hub, batches, typed));
  };
}
