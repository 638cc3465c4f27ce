import type { WebhookDelivery } from '@guichet/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './keys';

/** `POST /integrations/webhook-deliveries/:id/replay`: the same event again, as a new delivery. */
export function replayWebhookDelivery(deliveryId: string): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(
    `/integrations/webhook-deliveries/${encodeURIComponent(deliveryId)}/replay`,
    undefined,
    { retry: false },
  );
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: (delivery) =>
      queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(delivery.endpointId) }),
  });
}
