import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acquisitionKeys } from './keys';

/** `DELETE /acquisition/links/{id}`. */
export function deleteTrackingLink(linkId: string): Promise<void> {
  return api.delete<void>(`/acquisition/links/${encodeURIComponent(linkId)}`, undefined, { retry: false });
}

export function useDeleteTrackingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrackingLink,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: acquisitionKeys.links }),
        queryClient.invalidateQueries({ queryKey: acquisitionKeys.funnel }),
      ]),
  });
}
