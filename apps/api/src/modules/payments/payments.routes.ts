import { orderDetailSchema } from '@guichet/shared/orders';
import {
  checkoutLinkSchema,
  createRefundBodySchema,
  onboardingLinkSchema,
  stripeAccountStateSchema,
} from '@guichet/shared/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import { findOrderByCode } from '../orders/orders.repository';
import * as accounts from './accounts.service';
import { checkoutLink } from './checkout.service';
import { createRefund } from './refunds.service';
import { handleStripeWebhook } from './webhooks.service';

const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;

/**
 * Stripe Connect onboarding (start: ALL; state and fresh links: ALL or FINANCE, PRODUCT.md) and refunds
 * (ALL, EVENT or FINANCE).
 */
export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['payments'], security: [{ bearer: [] }], headers: organizationHeaderSchema };

    app.get(
      '/payments/stripe/account',
      {
        config: { access: 'payments.account' },
        schema: {
          ...common,
          summary: 'The organisation’s Stripe account as Stripe has it now (details, charges, payouts)',
          response: { 200: stripeAccountStateSchema, ...errorResponses(400, 401, 403, 502) },
        },
      },
      async (request) => accounts.accountState(ctx, org(request)),
    );

    app.post(
      '/payments/stripe/onboarding',
      {
        config: { access: 'payments.startOnboarding' },
        schema: {
          ...common,
          summary:
            'Start or continue Stripe Connect onboarding: the Express account (made once) and a fresh link',
          response: { 200: onboardingLinkSchema, ...errorResponses(400, 401, 403, 409, 502) },
        },
      },
      async (request) => accounts.startOnboarding(ctx, org(request), requireStaffId(request)),
    );

    app.post(
      '/payments/stripe/onboarding/refresh',
      {
        config: { access: 'payments.refreshOnboarding' },
        schema: {
          ...common,
          summary: 'A fresh onboarding link for the existing account (the spec’s refresh page)',
          response: { 200: onboardingLinkSchema, ...errorResponses(400, 401, 403, 409, 502) },
        },
      },
      async (request) => accounts.refreshOnboardingLink(ctx, org(request)),
    );

    app.post(
      '/orders/:orderId/refunds',
      {
        config: { access: 'orders.refund' },
        schema: {
          ...common,
          tags: ['orders'],
          summary:
            'Refund tickets (their places are freed) and/or an amount; card orders refund through Stripe',
          params: z.object({ orderId: z.uuid() }),
          body: createRefundBodySchema,
          response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 502) },
        },
      },
      async (request) =>
        createRefund(ctx, org(request), requireStaffId(request), request.params.orderId, request.body),
    );
  };
}

/** The buyer's "continue to payment": the Checkout page of a card order still reserved. */
export function publicPaymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/public/orders/:code/checkout',
      {
        config: { access: 'public.orderCheckout' },
        schema: {
          tags: ['public'],
          summary: 'The Stripe Checkout page where a reserved card order is paid (made if needed)',
          params: z.object({ code: z.string().min(1).max(64) }),
          response: { 200: checkoutLinkSchema, ...errorResponses(400, 404, 409, 429, 502) },
        },
      },
      async (request, reply) => {
        await ctx.limiters.publicOrdersPerIp.hit(request.ip);
        reply.header('cache-control', 'no-store');
        const order = await findOrderByCode(ctx.db, request.params.code.toUpperCase());
        if (!order) throw new AppError('not-found', 'No such order.');
        return checkoutLink(ctx, order);
      },
    );
  };
}

/**
 * Stripe's webhook (public; trusted only through its signature). The body is kept raw: the signature is
 * over the exact bytes sent, which a JSON parse and re-serialisation would not reproduce.
 */
export function stripeWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      '/payments/stripe/webhook',
      {
        config: { access: 'payments.stripeWebhook' },
        bodyLimit: 1024 * 1024,
        schema: {
          tags: ['payments'],
          summary: 'Stripe events (Connect endpoint), verified with the signing secret and applied once',
          headers: z.looseObject({ 'stripe-signature': z.string().max(2000).optional() }),
          response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 409) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await handleStripeWebhook(ctx, request.log, body, request.headers['stripe-signature']);
        return { received: true as const };
      },
    );
  };
}
