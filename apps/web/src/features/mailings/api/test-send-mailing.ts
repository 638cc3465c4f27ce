import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /mailings/:id/test`: once, to the caller's own address. */
export function testSendMailing(mailingId: string): Promise<{ to: string }> {
  return api.post<{ to: string }>(`/mailings/${mailingId}/test`);
}

export function useTestSendMailing(mailingId: string) {
  return useMutation({ mutationFn: () => testSendMailing(mailingId) });
}
