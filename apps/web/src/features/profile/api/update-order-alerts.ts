import type { OrderAlertsSetting } from '@guichet/shared/order-alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderAlertsQueryOptions } from './get-order-alerts';

/** PUT /staffs/me/order-alerts: off, a mail per new order, or a daily digest. */
export function updateOrderAlerts(body: OrderAlertsSetting): Promise<OrderAlertsSetting> {
  return api.put<OrderAlertsSetting>('/staffs/me/order-alerts', body);
}

export function useUpdateOrderAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrderAlerts,
    onSuccess: (saved) => client.setQueryData(orderAlertsQueryOptions().queryKey, saved),
  });
}
