import type { UpdateWebhookBody, WebhookEndpoint } from '@guichet/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryOptions } from './list-webhooks';

/** `PATCH /integrations/webhooks/:id`: URL, description, event types, on or off. */
export function updateWebhook({ id, ...body }: UpdateWebhookBody & { id: string }): Promise<WebhookEndpoint> {
  return api.patch<WebhookEndpoint>(`/integrations/webhooks/${encodeURIComponent(id)}`, body);
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });
}
