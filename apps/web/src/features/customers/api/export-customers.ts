import { api } from '../../../lib/api-client';
import { type CustomerListFilters, customersQuery } from '../filters';

/** `GET /customers/export`: the filtered customers as CSV, in the reader's spreadsheet conventions. */
export function exportCustomers(filters: CustomerListFilters, locale: string): Promise<Blob> {
  const search = customersQuery(filters);
  search.set('locale', locale === 'fr' ? 'fr' : 'en');
  return api.get<Blob>(`/customers/export?${search}`, { responseType: 'blob', timeoutMs: 120_000 });
}
