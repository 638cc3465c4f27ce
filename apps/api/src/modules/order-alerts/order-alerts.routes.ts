import { orderAlertsSettingSchema } from '@guichet/shared/order-alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import * as service from './order-alerts.service';

/** The signed-in staff member's choice of mail about new orders (a profile setting). */
export function orderAlertsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['staffs'], security: [{ bearer: [] }] };

    app.get(
      '/staffs/me/order-alerts',
      {
        config: { access: 'staffs.orderAlerts' },
        schema: {
          ...common,
          summary: 'How the signed-in staff member hears of new orders',
          response: { 200: orderAlertsSettingSchema, ...errorResponses(401) },
        },
      },
      async (request) => service.getOrderAlerts(ctx, requireStaffId(request)),
    );

    app.put(
      '/staffs/me/order-alerts',
      {
        config: { access: 'staffs.updateOrderAlerts' },
        schema: {
          ...common,
          summary: 'Choose how to hear of new orders: off, a mail per order, or a daily digest',
          body: orderAlertsSettingSchema,
          response: { 200: orderAlertsSettingSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => service.setOrderAlerts(ctx, requireStaffId(request), request.body),
    );
  };
}
