import type { WebhookDeliveryPage } from '@guichet/shared/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './keys';

/** `GET /integrations/webhooks/:id/deliveries`: the endpoint's latest deliveries, newest first. */
export function getWebhookDeliveries(endpointId: string, signal?: AbortSignal): Promise<WebhookDeliveryPage> {
  return api.get<WebhookDeliveryPage>(
    `/integrations/webhooks/${encodeURIComponent(endpointId)}/deliveries?limit=50`,
    { signal },
  );
}

export function webhookDeliveriesQueryOptions(endpointId: string) {
  return queryOptions({
    queryKey: integrationKeys.deliveries(endpointId),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, signal),
    // Pending deliveries change on their own: look again every few seconds while the log is open.
    refetchInterval: 5_000,
  });
}

export function useWebhookDeliveries(endpointId: string) {
  return useQuery(webhookDeliveriesQueryOptions(endpointId));
}
