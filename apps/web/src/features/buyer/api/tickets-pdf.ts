import { API_BASE_URL } from '../../../lib/http-client';

/** The PDF of a paid order's tickets (the one the e-mail carries), downloaded by the browser itself. */
export function ticketsPdfUrl(code: string): string {
  return `${API_BASE_URL}/public/orders/${encodeURIComponent(code)}/tickets.pdf`;
}
