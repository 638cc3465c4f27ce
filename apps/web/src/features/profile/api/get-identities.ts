import type { LinkedIdentities } from '@guichet/shared/sign-in-options';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /auth/identities: third-party accounts linked to this one, and whether it has a password. */
export function getIdentities(signal?: AbortSignal): Promise<LinkedIdentities> {
  return api.get<LinkedIdentities>('/auth/identities', { signal });
}

export function identitiesQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'identities'], queryFn: ({ signal }) => getIdentities(signal) });
}
