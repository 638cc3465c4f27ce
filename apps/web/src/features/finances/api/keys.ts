import { ORG_SCOPE } from '../../../lib/query-client';

/** Query keys of the finances; under the organisation scope, so switching organisation drops them. */
export const financesKeys = {
  all: [ORG_SCOPE, 'finances'] as const,
  summary: (query: string) => [ORG_SCOPE, 'finances', 'summary', query] as const,
  entries: (query: string) => [ORG_SCOPE, 'finances', 'entries', query] as const,
  order: (orderId: string) => [ORG_SCOPE, 'finances', 'order', orderId] as const,
};
