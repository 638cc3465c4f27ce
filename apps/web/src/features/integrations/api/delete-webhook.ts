import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryOptions } from './list-webhooks';

/** `DELETE /integrations/webhooks/:id`: the endpoint and its delivery log go. */
export function deleteWebhook(id: string): Promise<void> {
  return api.delete<void>(`/integrations/webhooks/${encodeURIComponent(id)}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });
}
