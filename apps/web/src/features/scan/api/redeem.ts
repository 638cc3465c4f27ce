import type { RedeemAnswer, RedeemRequest } from '@guichet/shared/scan';
import { REDEEM_TIMEOUT_MS, scanApi } from './scan-client';

/** `POST /scan/redeem`: the server's verdict on one scan, or no answer in time (the scanner decides offline). */
export function redeem(organizationId: string, body: RedeemRequest): Promise<RedeemAnswer> {
  return scanApi.post<RedeemAnswer>('/scan/redeem', body, { organizationId, timeoutMs: REDEEM_TIMEOUT_MS });
}
