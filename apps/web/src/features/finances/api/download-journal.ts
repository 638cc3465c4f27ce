import { api } from '../../../lib/api-client';

/** `GET /finances/journal.csv`: the accountant's journal of a period, as the file's bytes (ALL or FINANCE). */
export function downloadJournal(query: string, signal?: AbortSignal): Promise<Blob> {
  return api.get<Blob>(`/finances/journal.csv?${query}`, { responseType: 'blob', signal });
}
