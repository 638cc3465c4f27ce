import type { ScanEvent } from '@guichet/shared/scan';
import { SLOW_TIMEOUT_MS, scanApi } from './scan-client';

/** `GET /scan/events`: the organisation's events to scan at, with their check-in lists. */
export async function getScanEvents(organizationId: string): Promise<ScanEvent[]> {
  const page = await scanApi.get<{ items: ScanEvent[] }>('/scan/events', {
    organizationId,
    timeoutMs: SLOW_TIMEOUT_MS,
  });
  return page.items;
}
