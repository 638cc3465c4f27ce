import { ORG_SCOPE } from '../../../lib/query-client';

/** Query keys of the team area; all under the organisation scope, so switching organisation drops them. */
export const teamKeys = {
  all: [ORG_SCOPE, 'teams'] as const,
  members: [ORG_SCOPE, 'teams', 'members'] as const,
  invitations: [ORG_SCOPE, 'teams', 'invitations'] as const,
  member: (staffId: string) => [ORG_SCOPE, 'teams', 'member', staffId] as const,
};
