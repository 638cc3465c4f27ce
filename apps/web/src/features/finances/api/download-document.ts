import { api } from '../../../lib/api-client';

/** `GET /finances/documents/:id/pdf`: a receipt, invoice or credit note as issued (ALL or FINANCE). */
export function downloadDocument(
  documentId: string,
  locale: 'en' | 'fr',
  signal?: AbortSignal,
): Promise<Blob> {
  return api.get<Blob>(`/finances/documents/${encodeURIComponent(documentId)}/pdf?locale=${locale}`, {
    responseType: 'blob',
    signal,
  });
}
