import type { CreateTrackingLinkBody, TrackingLink } from '@guichet/shared/acquisition';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acquisitionKeys } from './keys';

/** `POST /acquisition/links`. */
export function createTrackingLink(body: CreateTrackingLinkBody): Promise<TrackingLink> {
  return api.post<TrackingLink>('/acquisition/links', body, { retry: false });
}

export function useCreateTrackingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrackingLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: acquisitionKeys.links }),
  });
}
