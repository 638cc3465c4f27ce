import { ORG_SCOPE } from '../../../lib/query-client';

/** Query keys of an event's check-in; under the organisation scope, so switching organisation drops them. */
export const checkinKeys = {
  all: [ORG_SCOPE, 'checkin'] as const,
  lists: (eventId: string) => [ORG_SCOPE, 'checkin', 'lists', eventId] as const,
  headcount: (eventId: string) => [ORG_SCOPE, 'checkin', 'headcount', eventId] as const,
  log: (eventId: string) => [ORG_SCOPE, 'checkin', 'log', eventId] as const,
  conflicts: (eventId: string) => [ORG_SCOPE, 'checkin', 'conflicts', eventId] as const,
};

/** `/checkin-lists/{id}`, `/checkin-conflicts/{id}`... with the id escaped. */
export const itemPath = (collection: string, id: string, rest = '') =>
  `/${collection}/${encodeURIComponent(id)}${rest}`;
