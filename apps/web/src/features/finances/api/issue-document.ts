import type { FinanceDocument, IssueDocumentBody } from '@guichet/shared/finances';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { financesKeys } from './keys';

/** `POST /finances/orders/:id/documents`: the order's receipt or invoice (the one issued, if asked again). */
export function issueDocument(orderId: string, body: IssueDocumentBody): Promise<FinanceDocument> {
  return api.post<FinanceDocument>(`/finances/orders/${encodeURIComponent(orderId)}/documents`, body);
}

export function useIssueDocument(orderId: string) {
  return useMutation({
    mutationFn: (body: IssueDocumentBody) => issueDocument(orderId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financesKeys.all }),
  });
}
