import type { CreateWebhookBody, WebhookSecret } from '@guichet/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryOptions } from './list-webhooks';

/** `POST /integrations/webhooks`: answers the signing secret once; never retried. */
export function createWebhook(body: CreateWebhookBody): Promise<WebhookSecret> {
  return api.post<WebhookSecret>('/integrations/webhooks', body, { retry: false });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });
}
