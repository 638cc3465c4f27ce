import { authSessionSchema } from '@guichet/shared/auth';
import { pageQuerySchema } from '@guichet/shared/paging';
import {
  emailLinkBodySchema,
  emailLinkConfirmBodySchema,
  identitiesSchema,
  idParamSchema,
  oidcCallbackQuerySchema,
  oidcStartQuerySchema,
  providersSchema,
  recoveryCodesSchema,
  sessionsSchema,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifyBodySchema,
} from '@guichet/shared/sign-in-options';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { clientMeta, errorResponses, noContent } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import * as oidc from './oidc';
import { COMPLETE_SCRIPT, COMPLETE_SCRIPT_PATH, callbackPage } from './oidc-page';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie';
import * as secondFactor from './second-factor';
import * as service from './sign-in-options.service';

const providerParamsSchema = z.object({ provider: z.string().max(40) });
const html = z.string().describe('An HTML page');

/** E-mail link, third-party (OpenID Connect) sign-in, two-factor, sessions and linked accounts. */
export function signInOptionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    const security = [{ bearer: [] }];

    // --- E-mail link --------------------------------------------------------------------------------
    app.post(
      '/auth/email-link',
      {
        config: { access: 'auth.emailLink' },
        schema: {
          tags,
          summary: 'E-mail a single-use sign-in link (answers 204 whether or not the account exists)',
          body: emailLinkBodySchema,
          response: { 204: noContent, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await service.requestEmailLink(ctx, request.body.email, clientMeta(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/auth/email-link/confirm',
      {
        config: { access: 'auth.emailLinkConfirm' },
        schema: {
          tags,
          summary: 'Sign in with an e-mail link and the e-mail address it was sent to',
          body: emailLinkConfirmBodySchema,
          response: { 200: authSessionSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const issued = await service.confirmEmailLink(ctx, request.body, clientMeta(request));
        setRefreshCookie(ctx, reply, issued);
        return issued.session;
      },
    );

    // --- Third-party sign-in ------------------------------------------------------------------------
    app.get(
      '/auth/providers',
      {
        config: { access: 'auth.providers' },
        schema: { tags, summary: 'The third-party sign-in providers', response: { 200: providersSchema } },
      },
      async () => ({ items: ctx.config.oidcProviders.map(({ id, name }) => ({ id, name })) }),
    );

    app.get(
      '/auth/oidc/:provider/start',
      {
        config: { access: 'auth.oidcStart' },
        schema: {
          tags,
          summary: 'Start a third-party sign-in (302 to the provider)',
          params: providerParamsSchema,
          querystring: oidcStartQuerySchema,
          response: {
            302: noContent.describe('To the provider'),
            400: html.describe('auth-domain-config-required: the provider cannot be reached'),
            403: html.describe('unauthorized-domain: `next` is not a page of this site'),
            404: html.describe('provider-not-found'),
          },
        },
      },
      async (request, reply) => {
        try {
          const url = await oidc.startSignIn(ctx, request.params.provider, request.query);
          return reply.header('cache-control', 'no-store').redirect(url, 302);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // The popup (or the tab) shows our end page, which reports the error to the sign-in page.
          const page = callbackPage({
            mode: request.query.mode,
            next: undefined,
            result: { type: 'guichet:oidc', status: 'error', code: error.code },
          });
          return reply
            .code(error.status as 400 | 403 | 404)
            .header('cross-origin-opener-policy', 'unsafe-none')
            .type('text/html; charset=utf-8')
            .send(page);
        }
      },
    );

    app.get(
      '/auth/oidc/:provider/callback',
      {
        config: { access: 'auth.oidcCallback' },
        schema: {
          tags,
          summary: 'Where the provider sends the browser back; ends the sign-in and reports it to the page',
          params: providerParamsSchema,
          querystring: oidcCallbackQuerySchema,
          response: { 200: html },
        },
      },
      async (request, reply) => {
        const outcome = await oidc.completeSignIn(
          ctx,
          request.params.provider,
          request.query,
          clientMeta(request),
          request.log,
        );
        if (outcome.issued) setRefreshCookie(ctx, reply, outcome.issued);
        // The sign-in page that opened this popup must keep its hold on it (its COOP allows popups).
        return reply
          .header('cache-control', 'no-store')
          .header('cross-origin-opener-policy', 'unsafe-none')
          .type('text/html; charset=utf-8')
          .send(callbackPage(outcome));
      },
    );

    app.get(
      COMPLETE_SCRIPT_PATH.replace('/api', ''),
      { config: { access: 'auth.oidcCompleteScript' }, schema: { hide: true } },
      async (_request, reply) =>
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(COMPLETE_SCRIPT),
    );

    app.get(
      '/auth/identities',
      {
        config: { access: 'auth.identities' },
        schema: {
          tags,
          security,
          summary: 'Third-party accounts linked to the signed-in account',
          response: { 200: identitiesSchema, ...errorResponses(401) },
        },
      },
      async (request) => service.listIdentities(ctx, requireStaffId(request)),
    );

    app.delete(
      '/auth/identities/:id',
      {
        config: { access: 'auth.unlinkIdentity' },
        schema: {
          tags,
          security,
          summary: 'Unlink a third-party account (refused when the account has no password)',
          params: idParamSchema,
          response: { 204: noContent, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.unlinkIdentity(ctx, requireStaffId(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    // --- Two-factor ---------------------------------------------------------------------------------
    app.get(
      '/auth/two-factor',
      {
        config: { access: 'auth.twoFactorStatus' },
        schema: {
          tags,
          security,
          summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
          response: { 200: twoFactorStatusSchema, ...errorResponses(401) },
        },
      },
      async (request) => secondFactor.status(ctx, requireStaffId(request)),
    );

    app.post(
      '/auth/two-factor/setup',
      {
        config: { access: 'auth.twoFactorSetup' },
        schema: {
          tags,
          security,
          summary: 'A new authenticator secret (two-factor is on once a first code is entered)',
          response: { 200: twoFactorSetupSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => secondFactor.setup(ctx, requireStaffId(request)),
    );

    app.post(
      '/auth/two-factor/enable',
      {
        config: { access: 'auth.twoFactorEnable' },
        schema: {
          tags,
          security,
          summary: 'Turn two-factor on with a first code; answers the recovery codes, shown once',
          body: twoFactorEnableBodySchema,
          response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => secondFactor.enable(ctx, requireStaffId(request), request.body.code),
    );

    app.post(
      '/auth/two-factor/disable',
      {
        config: { access: 'auth.twoFactorDisable' },
        schema: {
          tags,
          security,
          summary: 'Turn two-factor off (password required)',
          body: twoFactorDisableBodySchema,
          response: { 204: noContent, ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        await secondFactor.disable(ctx, requireStaffId(request), request.body.password);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/auth/two-factor/verify',
      {
        config: { access: 'auth.twoFactorVerify' },
        schema: {
          tags,
          summary: 'Second sign-in step: the challenge of a 401 multi-factor-auth-required and a code',
          body: twoFactorVerifyBodySchema,
          response: { 200: authSessionSchema, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        const issued = await secondFactor.verifyChallenge(ctx, request.body, clientMeta(request));
        setRefreshCookie(ctx, reply, issued);
        return issued.session;
      },
    );

    // --- Sessions -----------------------------------------------------------------------------------
    app.get(
      '/auth/sessions',
      {
        config: { access: 'auth.sessions' },
        schema: {
          tags,
          security,
          summary:
            'Signed-in devices (refresh-token families), the most recently used first; `current` is this one',
          querystring: pageQuerySchema,
          response: { 200: sessionsSchema, ...errorResponses(401) },
        },
      },
      async (request) =>
        service.listSessions(ctx, requireStaffId(request), request.cookies[REFRESH_COOKIE], request.query),
    );

    app.delete(
      '/auth/sessions',
      {
        config: { access: 'auth.signOutEverywhere' },
        schema: {
          tags,
          security,
          summary: 'Sign out everywhere: every device, this one included, at once (access tokens too)',
          response: { 204: noContent, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        await service.signOutEverywhere(ctx, requireStaffId(request));
        clearRefreshCookie(reply);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/auth/sessions/:id',
      {
        config: { access: 'auth.revokeSession' },
        schema: {
          tags,
          security,
          summary: 'Sign one device out (revokes its refresh-token family)',
          params: idParamSchema,
          response: { 204: noContent, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const staffId = requireStaffId(request);
        const current = await service.currentSessionId(ctx, request.cookies[REFRESH_COOKIE]);
        await service.revokeSession(ctx, staffId, request.params.id);
        if (current === request.params.id) clearRefreshCookie(reply);
        return reply.code(204).send(null);
      },
    );
  };
}
