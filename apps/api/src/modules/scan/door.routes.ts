import {
  doorOrderQuerySchema,
  doorOrderSchema,
  doorPayAnswerSchema,
  doorPayBodySchema,
  orderCodeParamSchema,
} from '@guichet/shared/door';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireClaims } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import { findDoorOrder, payAtTheDoor } from './door.service';
import type { HeadcountHub } from './headcount';
import type { RedeemBatches } from './redeem.service';
import type { TypedCodes } from './typed-codes';

const params = z.object({ code: orderCodeParamSchema });

/** Pay at the door (SCAN, EVENT or ALL): paths and rules in packages/shared/src/door.ts. */
export function doorRoutes(
  ctx: AppContext,
  hub: HeadcountHub,
  batches: RedeemBatches,
  typed: TypedCodes,
): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['scan'], security: [{ bearer: [] }], headers: organizationHeaderSchema };

    app.get(
      '/scan/door-orders/:code',
      {
        config: { access: 'scan.doorOrder' },
        schema: {
          ...common,
          summary: 'An order found by its exact code, for taking its payment at the door',
          params,
          querystring: doorOrderQuerySchema,
          response: { 200: doorOrderSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        const caller = {
          organizationId: requireTenant(request).organizationId,
          ...requireClaims(request),
          deviceId: request.query.deviceId,
        };
        return findDoorOrder(ctx, typed, caller, request.params.code);
      },
    );

    app.post(
      '/scan/door-orders/:code/pay',
      {
        config: { access: 'scan.doorPay' },
        schema: {
          ...common,
          summary: 'Take the payment of an order at the door and check its tickets in',
          params,
          body: doorPayBodySchema,
          response: { 200: doorPayAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) => {
        const caller = {
          organizationId: requireTenant(request).organizationId,
          ...requireClaims(request),
          deviceId: request.body.deviceId,
        };
        return payAtTheDoor(ctx, hub, batches, typed, caller, request.params.code, request.body);
      },
    );
  };
}
