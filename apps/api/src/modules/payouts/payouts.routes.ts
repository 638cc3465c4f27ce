import {
  adjustmentBodySchema,
  adjustmentSchema,
  closedPeriodSchema,
  closePeriodBodySchema,
  listPayoutsQuerySchema,
  manualMatchBodySchema,
  payoutDetailSchema,
  payoutListSchema,
} from '@guichet/shared/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as closing from './closing.service';
import * as service from './payouts.service';

const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;

/** Payouts and their reconciliation, manual adjustments and period closing: ALL or FINANCE. */
export function payoutsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['finances'], security: [{ bearer: [] }], headers: organizationHeaderSchema };

    app.get(
      '/finances/payouts',
      {
        config: { access: 'payouts.list' },
        schema: {
          ...common,
          summary: 'The connected Stripe account’s payouts, newest first, with their reconciliation',
          querystring: listPayoutsQuerySchema,
          response: { 200: payoutListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.listPayouts(ctx, org(request), request.query),
    );

    app.get(
      '/finances/payouts/:payoutId',
      {
        config: { access: 'payouts.detail' },
        schema: {
          ...common,
          summary: 'A payout’s balance transactions, what each is matched to, and suggestions for the rest',
          params: z.object({ payoutId: z.uuid() }),
          response: { 200: payoutDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.payoutDetail(ctx, org(request), request.params.payoutId),
    );

    app.post(
      '/finances/payouts/transactions/:transactionId/match',
      {
        config: { access: 'payouts.match' },
        schema: {
          ...common,
          summary: 'Match an unmatched balance transaction of a payout to a ledger row by hand (audited)',
          params: z.object({ transactionId: z.uuid() }),
          body: manualMatchBodySchema,
          response: { 200: payoutDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.matchManually(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.transactionId,
          request.body.ledgerEntryId,
        ),
    );

    app.post(
      '/finances/adjustments',
      {
        config: { access: 'finances.adjust' },
        schema: {
          ...common,
          summary: 'Record a manual adjustment with its reason in the ledger (never inside a closed period)',
          body: adjustmentBodySchema,
          response: { 201: adjustmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await closing.recordAdjustment(ctx, org(request), requireStaffId(request), request.body)),
    );

    app.get(
      '/finances/closing',
      {
        config: { access: 'finances.closing' },
        schema: {
          ...common,
          summary: 'The last closed day of the organisation’s accounts',
          response: { 200: closedPeriodSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => closing.closedPeriod(ctx, org(request)),
    );

    app.post(
      '/finances/closing',
      {
        config: { access: 'finances.close' },
        schema: {
          ...common,
          summary: 'Close every day up to a date: no back-dated adjustment or manual match there any more',
          body: closePeriodBodySchema,
          response: { 200: closedPeriodSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => closing.closePeriod(ctx, org(request), requireStaffId(request), request.body),
    );
  };
}
