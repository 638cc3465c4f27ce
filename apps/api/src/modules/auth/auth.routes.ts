import {
  authSessionSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '@guichet/shared/auth';
import { passwordPolicySchema } from '@guichet/shared/password-policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { clientMeta, errorResponses, noContent } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import * as service from './auth.service';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie';
import { signInOptionsRoutes } from './sign-in-options.routes';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    await app.register(signInOptionsRoutes(ctx));

    app.get(
      '/auth/password-policy',
      {
        config: { access: 'auth.passwordPolicy' },
        schema: { tags, summary: 'The password policy', response: { 200: passwordPolicySchema } },
      },
      async () => ctx.config.passwordPolicy,
    );

    app.post(
      '/auth/sign-up',
      {
        config: { access: 'auth.signUp' },
        schema: {
          tags,
          summary: 'Create a staff account and sign in',
          body: signUpBodySchema,
          response: { 201: authSessionSchema, ...errorResponses(400, 409, 429) },
        },
      },
      async (request, reply) => {
        const issued = await service.signUp(ctx, request.body, clientMeta(request));
        setRefreshCookie(ctx, reply, issued);
        return reply.code(201).send(issued.session);
      },
    );

    app.post(
      '/auth/sign-in',
      {
        config: { access: 'auth.signIn' },
        schema: {
          tags,
          summary: 'Sign in with e-mail and password',
          body: signInBodySchema,
          response: { 200: authSessionSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const issued = await service.signIn(ctx, request.body, clientMeta(request));
        setRefreshCookie(ctx, reply, issued);
        return issued.session;
      },
    );

    app.post(
      '/auth/token',
      {
        config: { access: 'auth.refresh' },
        schema: {
          tags,
          summary: 'Rotate the refresh cookie and get a new access token',
          response: { 200: authSessionSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        try {
          const issued = await service.refresh(ctx, request.cookies[REFRESH_COOKIE], clientMeta(request));
          setRefreshCookie(ctx, reply, issued);
          return issued.session;
        } catch (error) {
          clearRefreshCookie(reply);
          throw error;
        }
      },
    );

    app.post(
      '/auth/sign-out',
      {
        config: { access: 'auth.signOut' },
        schema: { tags, summary: 'Revoke the refresh token family', response: { 204: noContent } },
      },
      async (request, reply) => {
        await service.signOut(ctx, request.cookies[REFRESH_COOKIE]);
        clearRefreshCookie(reply);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/auth/password-reset',
      {
        config: { access: 'auth.passwordReset' },
        schema: {
          tags,
          summary: 'Send a password reset code (answers 204 whether or not the account exists)',
          body: passwordResetBodySchema,
          response: { 204: noContent, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await service.requestPasswordReset(ctx, request.body.email, clientMeta(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/auth/password-reset/confirm',
      {
        config: { access: 'auth.passwordResetConfirm' },
        schema: {
          tags,
          summary: 'Set a new password with a reset code',
          body: passwordResetConfirmBodySchema,
          response: { 204: noContent, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await service.confirmPasswordReset(ctx, request.body, clientMeta(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/auth/password',
      {
        config: { access: 'auth.changePassword' },
        schema: {
          tags,
          summary: 'Change the password (other devices are signed out)',
          security: [{ bearer: [] }],
          body: changePasswordBodySchema,
          response: { 204: noContent, ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const issued = await service.changePassword(
          ctx,
          requireStaffId(request),
          request.body,
          clientMeta(request),
        );
        setRefreshCookie(ctx, reply, issued);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/auth/account',
      {
        config: { access: 'auth.deleteAccount' },
        schema: {
          tags,
          summary: 'Delete the signed-in account',
          security: [{ bearer: [] }],
          body: deleteAccountBodySchema,
          response: { 204: noContent, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request, reply) => {
        await service.deleteAccount(ctx, requireStaffId(request), request.body.password);
        clearRefreshCookie(reply);
        return reply.code(204).send(null);
      },
    );
  };
}
