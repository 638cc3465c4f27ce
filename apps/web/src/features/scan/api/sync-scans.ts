import type { SyncRequest, SyncResponse } from '@guichet/shared/scan';
import { SLOW_TIMEOUT_MS, scanApi } from './scan-client';

/** `POST /scan/sync`: the scans queued while offline, oldest first; each answered by its nonce. */
export function syncScans(organizationId: string, body: SyncRequest): Promise<SyncResponse> {
  return scanApi.post<SyncResponse>('/scan/sync', body, { organizationId, timeoutMs: SLOW_TIMEOUT_MS });
}
