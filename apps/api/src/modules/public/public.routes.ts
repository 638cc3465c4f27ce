import { memberCodeRequestedSchema, requestMemberCodeBodySchema } from '@guichet/shared/member-gate';
import {
  createPublicOrderBodySchema,
  idempotencyHeaderSchema,
  publicEventSchema,
  publicOrderSchema,
} from '@guichet/shared/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http';
import * as service from './public.service';

const slug = z.string().min(1).max(200);
const eventParams = z.object({ orgSlug: slug, eventSlug: slug });

/**
 * `/public/...`: what buyers reach without an account. Rate-limited per client IP; every miss (unknown
 * organisation, unknown or unpublished event) answers the same 404.
 */
export function publicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['public'] };

    app.get(
      '/public/events/:orgSlug/:eventSlug',
      {
        config: { access: 'public.event' },
        schema: {
          ...common,
          summary: 'A published event with its ticket types on sale and the places left',
          params: eventParams,
          response: { 200: publicEventSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request) => {
        await ctx.limiters.publicReadsPerIp.hit(request.ip);
        return service.getPublicEvent(ctx, request.params.orgSlug, request.params.eventSlug);
      },
    );

    app.get(
      '/public/events/:orgSlug/:eventSlug/cover',
      {
        config: { access: 'public.eventCover' },
        schema: {
          ...common,
          summary: 'The cover image of a published event',
          params: eventParams,
          querystring: z.object({ v: z.string().max(64).optional() }),
          response: {
            200: z.unknown().describe('The bytes of the image, with its content type'),
            ...errorResponses(400, 404, 429),
          },
        },
      },
      async (request, reply) => {
        await ctx.limiters.publicReadsPerIp.hit(request.ip);
        const file = await service.getPublicCover(ctx, request.params.orgSlug, request.params.eventSlug);
        reply
          // The address names the file (`?v=`): a new cover is a new address.
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', 'inline');
        return reply.type(file.contentType).send(file.bytes);
      },
    );

    app.get(
      '/public/orders/:code',
      {
        config: { access: 'public.order' },
        schema: {
          ...common,
          summary: 'A buyer’s order by its code: status, and the tickets once paid',
          params: z.object({ code: z.string().min(1).max(64) }),
          response: { 200: publicOrderSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        await ctx.limiters.publicReadsPerIp.hit(request.ip);
        // Tickets and the buyer's details: never kept by shared caches.
        reply.header('cache-control', 'no-store');
        return service.getPublicOrder(ctx, request.params.code);
      },
    );

    app.post(
      '/public/events/:orgSlug/:eventSlug/orders',
      {
        config: { access: 'public.placeOrder' },
        schema: {
          ...common,
          summary:
            'Order tickets: free orders are paid at once, offline ones wait for payment. Send an Idempotency-Key to retry safely.',
          params: eventParams,
          headers: idempotencyHeaderSchema,
          body: createPublicOrderBodySchema,
          response: {
            201: publicOrderSchema,
            ...errorResponses(400, 404, 409, 422, 429),
          },
        },
      },
      async (request, reply) => {
        await ctx.limiters.publicOrdersPerIp.hit(request.ip);
        const answer = await service.createPublicOrder(
          ctx,
          request.params,
          request.body,
          request.headers['idempotency-key'],
        );
        // A replayed refusal is sent as stored: its body already has the error shape.
        return reply.code(answer.status as 201).send(answer.body as z.infer<typeof publicOrderSchema>);
      },
    );

    app.post(
      '/public/events/:orgSlug/:eventSlug/member-codes',
      {
        config: { access: 'public.requestMemberCode' },
        schema: {
          ...common,
          summary:
            'Ask for the one-time code of members-only tickets: mailed only if the address is on a list, the same answer either way',
          params: eventParams,
          body: requestMemberCodeBodySchema,
          response: { 202: memberCodeRequestedSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        // Per client IP, and per address: codes for one address cannot be asked for without end.
        await ctx.limiters.publicOrdersPerIp.hit(request.ip);
        await ctx.limiters.authPerAccount.hit(`member-code:${request.body.email.toLowerCase()}`);
        const answer = await service.requestMemberCode(ctx, request.params, request.body);
        return reply.code(202).send(answer);
      },
    );
  };
}
