import { ORG_SCOPE } from '../../../lib/query-client';

/** Query keys of the events area; all under the organisation scope, so switching organisation drops them. */
export const eventKeys = {
  all: [ORG_SCOPE, 'events'] as const,
  lists: [ORG_SCOPE, 'events', 'list'] as const,
  detail: (eventId: string) => [ORG_SCOPE, 'events', 'detail', eventId] as const,
  places: (query: string) => [ORG_SCOPE, 'places', query] as const,
  mapConfig: [ORG_SCOPE, 'map-config'] as const,
};
