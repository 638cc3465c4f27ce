import type { CreatePublicOrderBody, PublicOrder } from '@guichet/shared/orders';
import { publicApi } from '../../../lib/public-api';

/**
 * `POST /public/events/{organisation}/{event}/orders`: places the order, once. The caller sends again with
 * the same Idempotency-Key (see `idempotency.ts`), so the server tells a retry from a new order.
 */
export function placePublicOrder(
  orgSlug: string,
  eventSlug: string,
  body: CreatePublicOrderBody,
  idempotencyKey: string,
): Promise<PublicOrder> {
  const path = `/public/events/${encodeURIComponent(orgSlug)}/${encodeURIComponent(eventSlug)}/orders`;
  return publicApi.post<PublicOrder>(path, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
