import { ORG_SCOPE } from '../../../lib/query-client';

/** Query keys of the dashboard; under the organisation scope, so switching organisation drops them. */
export const dashboardKeys = {
  all: [ORG_SCOPE, 'dashboard'] as const,
  figures: (query: string) => [ORG_SCOPE, 'dashboard', 'figures', query] as const,
  events: [ORG_SCOPE, 'dashboard', 'events'] as const,
  attention: [ORG_SCOPE, 'dashboard', 'attention'] as const,
};
