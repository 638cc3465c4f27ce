import type { TrackingLink, UpdateTrackingLinkBody } from '@guichet/shared/acquisition';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acquisitionKeys } from './keys';

/** `PATCH /acquisition/links/{id}`. */
export function updateTrackingLink(linkId: string, body: UpdateTrackingLinkBody): Promise<TrackingLink> {
  return api.patch<TrackingLink>(`/acquisition/links/${encodeURIComponent(linkId)}`, body, { retry: false });
}

export function useUpdateTrackingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, body }: { linkId: string; body: UpdateTrackingLinkBody }) =>
      updateTrackingLink(linkId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: acquisitionKeys.links }),
        queryClient.invalidateQueries({ queryKey: acquisitionKeys.funnel }),
      ]),
  });
}
