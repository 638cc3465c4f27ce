import type { DoorOrder } from '@guichet/shared/door';
import { REDEEM_TIMEOUT_MS, scanApi } from './scan-client';

/** `GET /scan/door-orders/{code}`: a pay-at-the-door order by its exact code. */
export function getDoorOrder(organizationId: string, code: string, deviceId: string): Promise<DoorOrder> {
  const query = new URLSearchParams({ deviceId });
  return scanApi.get<DoorOrder>(`/scan/door-orders/${encodeURIComponent(code)}?${query}`, {
    organizationId,
    timeoutMs: REDEEM_TIMEOUT_MS,
  });
}
