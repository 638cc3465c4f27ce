import type { OfflineSnapshot } from '@guichet/shared/scan';
import { SLOW_TIMEOUT_MS, scanApi } from './scan-client';

/** `GET /scan/snapshot`: what the scanner needs to decide offline on these lists. */
export function getSnapshot(organizationId: string, listIds: readonly string[]): Promise<OfflineSnapshot> {
  const query = new URLSearchParams({ listIds: listIds.join(',') });
  return scanApi.get<OfflineSnapshot>(`/scan/snapshot?${query}`, {
    organizationId,
    timeoutMs: SLOW_TIMEOUT_MS,
  });
}
