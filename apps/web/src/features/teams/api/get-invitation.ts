import type { InvitationPreview } from '@guichet/shared/teams';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Public: what an invitation link offers (no token or organisation needed). */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return api.get<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`, { signal, auth: false });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitations', token] as const,
    queryFn: ({ signal }) => getInvitation(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token.length > 0 });
}
