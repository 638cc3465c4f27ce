import type { WebhookEndpointPage } from '@guichet/shared/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './keys';

/** `GET /integrations/webhooks`: the organisation's endpoints (the first hundred). */
export function getWebhooks(signal?: AbortSignal): Promise<WebhookEndpointPage> {
  return api.get<WebhookEndpointPage>('/integrations/webhooks?limit=100', { signal });
}

export function webhooksQueryOptions() {
  return queryOptions({ queryKey: integrationKeys.webhooks, queryFn: ({ signal }) => getWebhooks(signal) });
}

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
