import { ORG_SCOPE } from '../../../lib/query-client';

/** Query keys of the acquisition area; all under the organisation scope, so switching organisation drops them. */
export const acquisitionKeys = {
  all: [ORG_SCOPE, 'acquisition'] as const,
  events: [ORG_SCOPE, 'acquisition', 'events'] as const,
  links: [ORG_SCOPE, 'acquisition', 'links'] as const,
  funnel: [ORG_SCOPE, 'acquisition', 'funnel'] as const,
  settings: [ORG_SCOPE, 'acquisition', 'settings'] as const,
};
