import type { Mailing, MailingAction } from '@guichet/shared/mailings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailingKeys } from './keys';

/** `POST /mailings/:id/:action`: send, pause, resume or cancel. */
export function actOnMailing(mailingId: string, action: MailingAction): Promise<Mailing> {
  return api.post<Mailing>(`/mailings/${mailingId}/${action}`);
}

export function useActOnMailing(mailingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MailingAction) => actOnMailing(mailingId, action),
    onSuccess: (mailing) => {
      queryClient.setQueryData(mailingKeys.detail(mailingId), mailing);
      return queryClient.invalidateQueries({ queryKey: mailingKeys.all });
    },
  });
}
