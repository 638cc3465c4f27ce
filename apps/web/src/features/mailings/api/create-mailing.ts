import type { CreateMailingBody, Mailing } from '@guichet/shared/mailings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailingKeys } from './keys';

/** `POST /mailings`: a draft. */
export function createMailing(body: CreateMailingBody): Promise<Mailing> {
  return api.post<Mailing>('/mailings', body);
}

export function useCreateMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMailing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailingKeys.list }),
  });
}
