import type { CustomerImport } from '@guichet/shared/customer-records';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The column of each field (by position in the file) and the import's options, as the query string. */
export interface ImportRequest {
  file: Blob;
  columns: Partial<Record<'email' | 'name' | 'phone' | 'language' | 'tags' | 'consent', number>>;
  consentSource?: string;
  header: boolean;
  dryRun: boolean;
  listId?: string;
}

/** `POST /customer-imports`: sends the file as it is; the server answers with the job to poll. */
export function startImport(request: ImportRequest): Promise<CustomerImport> {
  const search = new URLSearchParams();
  for (const [field, column] of Object.entries(request.columns)) {
    if (column !== undefined) search.set(field, String(column));
  }
  if (request.consentSource) search.set('consentSource', request.consentSource);
  search.set('header', String(request.header));
  search.set('dryRun', String(request.dryRun));
  if (request.listId) search.set('listId', request.listId);
  // Whatever type the browser gave the file (Excel's on Windows), it goes as CSV.
  const body = request.file.slice(0, request.file.size, 'text/csv');
  return api.post<CustomerImport>(`/customer-imports?${search}`, body, { timeoutMs: 300_000, retry: false });
}

export function useStartImport() {
  return useMutation({ mutationFn: startImport });
}
