import type { DoorPayAnswer, DoorPayBody } from '@guichet/shared/door';
import { scanApi } from './scan-client';

/** `POST /scan/door-orders/{code}/pay`: take the payment and check the order's tickets in. */
export function payDoorOrder(
  organizationId: string,
  code: string,
  body: DoorPayBody,
): Promise<DoorPayAnswer> {
  return scanApi.post<DoorPayAnswer>(`/scan/door-orders/${encodeURIComponent(code)}/pay`, body, {
    organizationId,
    retry: false,
  });
}
