import type { WebhookSecret } from '@guichet/shared/integrations';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /integrations/webhooks/:id/secret`: a new signing secret, answered once; never retried. */
export function rotateWebhookSecret(id: string): Promise<WebhookSecret> {
  return api.post<WebhookSecret>(`/integrations/webhooks/${encodeURIComponent(id)}/secret`, undefined, {
    retry: false,
  });
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateWebhookSecret });
}
