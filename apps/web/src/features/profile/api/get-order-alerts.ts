import type { OrderAlertsSetting } from '@guichet/shared/order-alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /staffs/me/order-alerts: how the signed-in staff member hears of new orders. */
export function getOrderAlerts(signal?: AbortSignal): Promise<OrderAlertsSetting> {
  return api.get<OrderAlertsSetting>('/staffs/me/order-alerts', { signal });
}

export function orderAlertsQueryOptions() {
  return queryOptions({
    queryKey: ['staffs', 'me', 'order-alerts'],
    queryFn: ({ signal }) => getOrderAlerts(signal),
  });
}

export function useOrderAlerts() {
  return useQuery(orderAlertsQueryOptions());
}
