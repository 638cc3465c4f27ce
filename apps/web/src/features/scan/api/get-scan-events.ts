import type { Page } from '@guichet/shared/paging';
import type { ScanEvent } from '@guichet/shared/scan';
import { LARGEST_PAGE, pagePath, readAllPages } from '../../../lib/paging';
import { SLOW_TIMEOUT_MS, scanApi } from './scan-client';

/** `GET /scan/events`: the organisation's events to scan at, with their check-in lists (every page: a picker). */
export function getScanEvents(organizationId: string): Promise<ScanEvent[]> {
  return readAllPages((cursor) =>
    scanApi.get<Page<ScanEvent>>(pagePath('/scan/events', LARGEST_PAGE, cursor), {
      organizationId,
      timeoutMs: SLOW_TIMEOUT_MS,
    }),
  );
}
