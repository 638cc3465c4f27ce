import { ORG_SCOPE } from '../../../lib/query-client';

/** Query keys of the integrations area, under the organisation scope (switching organisation drops them). */
export const integrationKeys = {
  all: [ORG_SCOPE, 'integrations'] as const,
  tokens: [ORG_SCOPE, 'integrations', 'tokens'] as const,
  webhooks: [ORG_SCOPE, 'integrations', 'webhooks'] as const,
  deliveries: (endpointId: string) =>
    [ORG_SCOPE, 'integrations', 'webhooks', endpointId, 'deliveries'] as const,
};
