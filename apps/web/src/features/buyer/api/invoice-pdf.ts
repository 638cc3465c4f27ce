import { API_BASE_URL } from '../../../lib/http-client';

/** The invoice of an order as a PDF, once the buyer asked for it, downloaded by the browser. */
export function invoicePdfUrl(code: string): string {
  return `${API_BASE_URL}/public/orders/${encodeURIComponent(code)}/invoice.pdf`;
}
