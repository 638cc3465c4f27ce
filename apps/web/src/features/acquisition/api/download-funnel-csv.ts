import { api } from '../../../lib/api-client';
import { type FunnelParams, funnelSearch } from './get-funnel';

/** `GET /acquisition/funnel.csv`: the funnel as the reader's spreadsheet expects it. */
export function downloadFunnelCsv(params: FunnelParams, locale: 'en' | 'fr'): Promise<Blob> {
  const search = funnelSearch(params);
  search.set('locale', locale);
  return api.get<Blob>(`/acquisition/funnel.csv?${search}`, { responseType: 'blob' });
}
