import { api } from '../../../lib/api-client';

/** The reports offered as CSV files (ALL or FINANCE). */
export type ReportFile = 'vat.csv' | 'cash-up.csv' | 'orders.csv';

/** `GET /finances/vat.csv`, `/finances/cash-up.csv`, `/finances/orders.csv`: a report's bytes. */
export function downloadReport(file: ReportFile, query: string, signal?: AbortSignal): Promise<Blob> {
  return api.get<Blob>(`/finances/${file}?${query}`, { responseType: 'blob', signal });
}
