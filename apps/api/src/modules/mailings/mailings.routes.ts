import {
  createMailingBodySchema,
  listMailingsQuerySchema,
  listRecipientsQuerySchema,
  mailingActionSchema,
  mailingPageSchema,
  mailingPreviewSchema,
  mailingSchema,
  recipientPageSchema,
  updateMailingBodySchema,
} from '@guichet/shared/mailings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as service from './mailings.service';
import { unsubscribePage } from './unsubscribe-page';

const mailingParams = z.object({ mailingId: z.uuid() });
const actionParams = z.object({ mailingId: z.uuid(), action: mailingActionSchema });
const tokenQuery = z.object({ token: z.string().min(1).max(1000) });

/** Mailings: ALL or MEMBER (PRODUCT.md), like the customers they go to. */
export function mailingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['mailings'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;

    app.get(
      '/mailings',
      {
        config: { access: 'mailings.list' },
        schema: {
          ...common,
          summary: 'Mailings, newest first, with their status and progress (cursor pages)',
          querystring: listMailingsQuerySchema,
          response: { 200: mailingPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.listMailings(ctx, org(request), request.query),
    );

    app.post(
      '/mailings',
      {
        config: { access: 'mailings.create' },
        schema: {
          ...common,
          summary: 'Write a mailing (a draft): marketing to a list or a filter, or an event update',
          body: createMailingBodySchema,
          response: { 201: mailingSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const created = await service.createMailing(ctx, org(request), requireStaffId(request), request.body);
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/mailings/:mailingId',
      {
        config: { access: 'mailings.read' },
        schema: {
          ...common,
          summary: 'A mailing with its progress',
          params: mailingParams,
          response: { 200: mailingSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.getMailing(ctx, org(request), request.params.mailingId),
    );

    app.patch(
      '/mailings/:mailingId',
      {
        config: { access: 'mailings.update' },
        schema: {
          ...common,
          summary: 'Change a draft’s audience, subject or text',
          params: mailingParams,
          body: updateMailingBodySchema,
          response: { 200: mailingSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => service.updateMailing(ctx, org(request), request.params.mailingId, request.body),
    );

    app.post(
      '/mailings/:mailingId/:action',
      {
        config: { access: 'mailings.act' },
        schema: {
          ...common,
          summary: 'Send a draft, pause, resume or cancel a mailing',
          params: actionParams,
          response: { 200: mailingSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.actOnMailing(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.mailingId,
          request.params.action,
        ),
    );

    app.get(
      '/mailings/:mailingId/preview',
      {
        config: { access: 'mailings.preview' },
        schema: {
          ...common,
          summary: 'The mailing as it reads in English and in French, footer included',
          params: mailingParams,
          response: { 200: mailingPreviewSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.previewMailing(ctx, org(request), request.params.mailingId),
    );

    app.post(
      '/mailings/:mailingId/test',
      {
        config: { access: 'mailings.testSend' },
        schema: {
          ...common,
          summary: 'Send the mailing once to the caller’s own address',
          params: mailingParams,
          response: { 200: z.object({ to: z.string() }), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.testSend(ctx, org(request), requireStaffId(request), request.params.mailingId),
    );

    app.get(
      '/mailings/:mailingId/recipients',
      {
        config: { access: 'mailings.recipients' },
        schema: {
          ...common,
          summary: 'A mailing’s recipients with the status of each (cursor pages)',
          params: mailingParams,
          querystring: listRecipientsQuerySchema,
          response: { 200: recipientPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.listRecipients(ctx, org(request), request.params.mailingId, request.query),
    );
  };
}

/**
 * The unsubscribe link of every marketing mail, without signing in: GET shows a page that asks to confirm,
 * POST unsubscribes (the page's button, or a mail client's RFC 8058 one-click POST with the body
 * `List-Unsubscribe=One-Click`). The signed token names the organisation and the address.
 */
export function unsubscribeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The one-click POST is a form; its content (`List-Unsubscribe=One-Click`) carries nothing more.
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, null),
    );
    const html = z.unknown().describe('text/html');
    const schema = {
      tags: ['mailings'],
      querystring: tokenQuery,
      response: { 200: html, 400: html, ...errorResponses(429) },
    };

    app.get(
      '/public/unsubscribe',
      {
        config: { access: 'public.unsubscribePage' },
        schema: { ...schema, summary: 'The unsubscribe page of a marketing mail: asks to confirm' },
      },
      async (request, reply) => {
        // Limited with the other public reads: a link is unguessable, but each try costs a signature check.
        await ctx.limiters.publicReadsPerIp.hit(request.ip);
        const subject = service.readUnsubscribeLink(ctx, request.query.token);
        const page = unsubscribePage(subject ? 'confirm' : 'invalid', request.headers['accept-language']);
        return reply
          .code(subject ? 200 : 400)
          .header('cache-control', 'no-store')
          .type('text/html')
          .send(page);
      },
    );

    app.post(
      '/public/unsubscribe',
      {
        config: { access: 'public.unsubscribe' },
        schema: {
          ...schema,
          summary: 'Unsubscribe (one click, RFC 8058): suppression list and consent withdrawn',
        },
      },
      async (request, reply) => {
        await ctx.limiters.publicReadsPerIp.hit(request.ip);
        const done = await service.unsubscribe(ctx, request.query.token);
        const page = unsubscribePage(done ? 'done' : 'invalid', request.headers['accept-language']);
        return reply
          .code(done ? 200 : 400)
          .header('cache-control', 'no-store')
          .type('text/html')
          .send(page);
      },
    );
  };
}
