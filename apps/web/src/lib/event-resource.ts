import { ORG_SCOPE } from './query-client';

/**
 * The event as the resource that orders and check-in hang from: its address in the API and the keys of its
 * cached reads, which the events, orders and check-in areas all read or refresh.
 */

/** `/events/{id}` and below, with the id escaped. */
export const eventPath = (eventId: string, rest = '') => `/events/${encodeURIComponent(eventId)}${rest}`;

/** Query keys of the events area; all under the organisation scope, so switching organisation drops them. */
export const eventKeys = {
  all: [ORG_SCOPE, 'events'] as const,
  lists: [ORG_SCOPE, 'events', 'list'] as const,
  detail: (eventId: string) => [ORG_SCOPE, 'events', 'detail', eventId] as const,
  places: (query: string) => [ORG_SCOPE, 'places', query] as const,
  mapConfig: [ORG_SCOPE, 'map-config'] as const,
};
