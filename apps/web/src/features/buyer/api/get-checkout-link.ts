import type { CheckoutLink } from '@guichet/shared/payments';
import { publicApi } from '../../../lib/public-api';

/** "Continue to payment": the Stripe Checkout page of a card order still reserved (made if needed). */
export function getCheckoutLink(code: string): Promise<CheckoutLink> {
  return publicApi.post<CheckoutLink>(`/public/orders/${encodeURIComponent(code)}/checkout`, {});
}
