import type { BillingDetails, BuyerDocument } from '@guichet/shared/finances';
import { publicApi } from '../../../lib/public-api';

/** `POST /public/orders/:code/invoice`: an invoice to the buyer's company; the one issued if asked again. */
export function requestInvoice(code: string, billing: BillingDetails): Promise<BuyerDocument> {
  return publicApi.post<BuyerDocument>(`/public/orders/${encodeURIComponent(code)}/invoice`, { billing });
}
