import { API_BASE_URL } from '../../../lib/http-client';

/** The receipt of a paid order as a PDF (the one the tickets e-mail carries), downloaded by the browser. */
export function receiptPdfUrl(code: string): string {
  return `${API_BASE_URL}/public/orders/${encodeURIComponent(code)}/receipt.pdf`;
}
