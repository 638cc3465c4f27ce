import type { WebhookDelivery } from '@guichet/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './keys';

/** `POST /integrations/webhooks/:id/test`: queues a `webhook.test` event for the endpoint. */
export function testWebhook(id: string): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(`/integrations/webhooks/${encodeURIComponent(id)}/test`, undefined, {
    retry: false,
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSuccess: (delivery) =>
      queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(delivery.endpointId) }),
  });
}
