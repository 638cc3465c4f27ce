import type { MailingPreview } from '@guichet/shared/mailings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailingKeys } from './keys';

/** `GET /mailings/:id/preview`: the message as readers of English and of French get it. */
export function getMailingPreview(mailingId: string, signal?: AbortSignal): Promise<MailingPreview> {
  return api.get<MailingPreview>(`/mailings/${mailingId}/preview`, { signal });
}

export function mailingPreviewQueryOptions(mailingId: string) {
  return queryOptions({
    queryKey: mailingKeys.preview(mailingId),
    queryFn: ({ signal }) => getMailingPreview(mailingId, signal),
  });
}

export function useMailingPreview(mailingId: string) {
  return useQuery(mailingPreviewQueryOptions(mailingId));
}
